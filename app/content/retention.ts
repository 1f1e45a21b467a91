/**
 * How long each kind of personal data is kept: the one source for the
 * retention job (app/lib/privacy/retention.server.ts), the session lifetime
 * (app/lib/auth/auth.server.ts) and the privacy notice (app/content/privacy.ts).
 *
 * There are deliberately no environment overrides: the privacy notice is
 * prerendered at build time, so a period changed at run time would make the
 * published notice false. Change a period here and rebuild (docs/decisions/009-retention-from-one-config.md).
 */
export const retention = {
  /** Inquiries (and the mail about them), after their last activity. */
  inquiryMonths: 24,
  /** Inquiries in the spam view, after their last activity. */
  spamDays: 30,
  /** Mail and other jobs (a copy of what was sent), after delivery. */
  deliveredMailDays: 7,
  /** Mail and other jobs the worker gave up on, after it gave up: long enough to investigate. */
  failedMailDays: 30,
  /** Accounts without a sign-in for this long get a warning mail… */
  inactiveAccountMonths: 24,
  /** …and are deleted this long after the warning unless their owner signs in. */
  inactiveAccountGraceDays: 30,
  /** A session ends after this long without use… */
  sessionIdleDays: 7,
  /** …and this long after sign-in however active it is. */
  sessionMaxDays: 30,
  /** Rate-limit counters (which hold IP addresses) last at most one window; the longest window. */
  rateLimitMaxWindowHours: 24,
  /**
   * Backups hold every row, erased ones too: each (scheduled, manual or
   * taken before migrations, and every copy off the machine) is deleted this
   * long after it was taken, whatever BACKUP_KEEP allows.
   */
  backupDays: 30,
  /**
   * Server logs: the site's request lines in the journal (journald) and
   * nginx's access and error logs. deploy/ carries this period
   * (deploy/journald/volta.conf, deploy/logrotate/nginx), as a test checks.
   */
  serverLogDays: 14,
  /** Records of phone calls and WhatsApp messages, which are not kept on this website: after the last contact. */
  phoneRecordMonths: 24,
  /** The record that an erasure happened (never what was erased): accountability, and the limitation period for claims. */
  erasureRecordYears: 6,
  /** How often the retention job runs. */
  jobIntervalHours: 1,
  /** Privacy complaints are acknowledged within this many days (DUAA 2025 s.103). */
  complaintAcknowledgeDays: 30,
} as const;

export type RetentionConfig = { readonly [Key in keyof typeof retention]: number };
