/** How long the links in account mails work, for Better Auth and the mails that promise it. */
export const authLinks = {
  verifyEmailHours: 24,
  resetPasswordHours: 1,
} as const;

export const HOUR_SECONDS = 60 * 60;

/** A period as the mails say it: "one hour", "24 hours". */
export function formatHours(hours: number): string {
  return hours === 1 ? "one hour" : `${hours} hours`;
}
