/**
 * How long the links in account mails work: the one source for the token
 * lifetimes Better Auth enforces (app/lib/auth/auth.server.ts) and for the
 * sentences in the mails that promise them (app/lib/mail/auth-mails.server.tsx).
 */
export const authLinks = {
  /** The link in the verification mail. */
  verifyEmailHours: 24,
  /** The link in the password-reset mail. */
  resetPasswordHours: 1,
} as const;

export const HOUR_SECONDS = 60 * 60;

/** A period as the mails say it: "one hour", "24 hours". */
export function formatHours(hours: number): string {
  return hours === 1 ? "one hour" : `${hours} hours`;
}
