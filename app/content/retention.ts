/**
 * How long each kind of personal data is kept, for the retention job, the session lifetime and the
 * privacy notice. No environment overrides: the notice is prerendered, so a period changed at run
 * time would make it false (docs/decisions/009-retention-from-one-config.md).
 */
export const retention = {
  /** Inquiries (and the mail about them), after their last activity. */
  inquiryMonths: 24,
  /** Inquiries in the spam view, after their last activity. */
  spamDays: 30,
  /** Mail and other jobs, after delivery. */
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
  /** Backups hold erased rows too: each backup and off-machine copy goes this long after it was taken, whatever BACKUP_KEEP allows. */
  backupDays: 30,
  /** Journal and nginx logs; deploy/journald/volta.conf and deploy/logrotate/nginx carry it, as a test checks. */
  serverLogDays: 14,
  /** Records of phone calls, and of WhatsApp messages not filed on this website: after the last contact. */
  phoneRecordMonths: 24,
  /**
   * Customer due diligence records (KYC documents, their review and the request), after the business relationship
   * ends: the period MLR 2017 reg. 40(3) sets for the regulated sector, which the firm follows (decision 093).
   */
  kycRecordYears: 5,
  /** The record that an erasure happened (never what was erased): accountability, and the limitation period for claims. */
  erasureRecordYears: 6,
  /**
   * A confirmed UK Sanctions List match, with the screening and decision behind it, after the decision:
   * kept through erasure requests and the inquiry's own expiry, the record-keeping period of the Money
   * Laundering Regulations 2017 (reg. 40), so the desk can show OFSI what it found and did.
   */
  sanctionsMatchYears: 5,
  jobIntervalHours: 1,
  /** Privacy complaints are acknowledged within this many days (DUAA 2025 s.103). */
  complaintAcknowledgeDays: 30,
} as const;

export type RetentionConfig = { readonly [Key in keyof typeof retention]: number };
