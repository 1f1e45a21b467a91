/**
 * How much automatic mail the site sends, and how much from one sender or domain the desk
 * announces, for the code, the privacy notice and docs/team-mailboxes.md. Addresses are counted
 * by their key (app/lib/mail/address-key.ts): lower case, no `+tag`, and no dots for Gmail.
 */
const HOUR_MS = 60 * 60 * 1000;

export const mailLimits = {
  /** Acknowledgements one address gets at most per window (form and mail alike). */
  acknowledgementsPerAddress: { max: 3, windowMs: HOUR_MS },
  /** Acknowledgements the site sends in all per window: past it, nobody is acknowledged until it passes. */
  acknowledgementsInAll: { max: 60, windowMs: HOUR_MS },
  /**
   * Received mails from one address per window that the desk announces
   * (a new inquiry's notice and webhook, a message's notice and webhook).
   * Past it the mail is still filed: a new inquiry is held for review
   * without a notice, a message on a lead is added without one.
   */
  announcedPerSender: { max: 5, windowMs: HOUR_MS },
  /** The same per sending domain (after the address key). */
  announcedPerDomain: { max: 20, windowMs: HOUR_MS },
} as const;

export type MailLimit = { readonly max: number; readonly windowMs: number };

/** "3 an hour": a limit as the privacy notice and the docs state it. */
export function formatRate(limit: MailLimit): string {
  const hours = limit.windowMs / HOUR_MS;
  return hours === 1 ? `${limit.max} an hour` : `${limit.max} in ${hours} hours`;
}
