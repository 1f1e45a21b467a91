import { and, eq, gte, inArray, lte } from "drizzle-orm";
import { contactSubmissions, licenceChecks, user } from "~db/schema";
import {
  LICENCE_EXPIRY_REMINDER_CRON,
  LICENCE_EXPIRY_REMINDER_DAYS,
  LICENCE_TYPES,
  type LicenceType,
} from "~/content/licence-checks";
import type { Db } from "~/lib/db/db.server";
import { findAdminRecipients } from "~/lib/inquiries/intake.server";
import { inquirySummaryColumns, summariseInquiry } from "~/lib/inquiries/inquiries.server";
import { inquiryPageUrl } from "~/lib/inquiries/inquiry";
import { markOnce } from "~/lib/jobs/mark-once.server";
import { defineScheduledJobKind } from "~/lib/jobs/scheduled-job.server";
import { renderLicenceExpiryReminder } from "~/lib/mail/desk-mails.server";
import { enqueueMail } from "~/lib/mail/mail.server";
import { logger } from "~/lib/ops/logger.server";
import { latestCheckOfItsLicence } from "~/lib/licences/licence-checks.server";
import { londonDate, UK_TIME_ZONE } from "~/lib/uk-time";

export const LICENCE_EXPIRY_REMINDER_MAIL = "licence-expiry-reminder";
const BATCH = 100;

/** `date` (YYYY-MM-DD) moved by whole days, on the calendar rather than the clock. */
function addDays(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

/**
 * Mails one reminder per valid check, the latest of its licence, whose licence expires within LICENCE_EXPIRY_REMINDER_DAYS of the UK day
 * `now` falls on: to the inquiry's owner, or to the admins while nobody owns it. The mail is queued in the
 * transaction that marks the check reminded, so several instances or a repeated run remind once.
 */
export async function remindExpiringLicences(
  db: Db,
  options: { now: Date; siteUrl: string; adminEmails: readonly string[] },
): Promise<number> {
  const today = londonDate(options.now);
  return db.transaction(async (tx) => {
    const claimed = await markOnce(tx, {
      table: licenceChecks,
      id: licenceChecks.id,
      mark: licenceChecks.reminder_sent_at,
      due: and(
        eq(licenceChecks.result, "valid"),
        gte(licenceChecks.expires_on, today),
        lte(licenceChecks.expires_on, addDays(today, LICENCE_EXPIRY_REMINDER_DAYS)),
        latestCheckOfItsLicence,
      ),
      oldest: licenceChecks.expires_on,
      limit: BATCH,
      returning: {
        inquiryId: licenceChecks.inquiry_id,
        licenceType: licenceChecks.licence_type,
        expiresOn: licenceChecks.expires_on,
      },
    });
    if (claimed.length === 0) return 0;
    const inquiries = await tx
      .select({ ...inquirySummaryColumns, ownerEmail: user.email })
      .from(contactSubmissions)
      .leftJoin(user, eq(user.id, contactSubmissions.assigned_to))
      .where(
        inArray(
          contactSubmissions.id,
          claimed.map((row) => row.inquiryId),
        ),
      );
    let admins: string[] | null = null;
    for (const row of claimed) {
      const inquiry = inquiries.find((candidate) => candidate.id === row.inquiryId);
      if (!inquiry || !row.expiresOn) continue;
      await enqueueMail(tx, {
        kind: LICENCE_EXPIRY_REMINDER_MAIL,
        to: inquiry.ownerEmail
          ? [inquiry.ownerEmail]
          : (admins ??= await findAdminRecipients(tx, options.adminEmails)),
        inquiryId: row.inquiryId,
        ...renderLicenceExpiryReminder({
          ...summariseInquiry(inquiry, inquiryPageUrl(options.siteUrl, inquiry.id)),
          licence: (LICENCE_TYPES[row.licenceType as LicenceType]?.label ?? "licence").toLowerCase(),
          expiresOn: row.expiresOn,
        }),
      });
    }
    return claimed.length;
  });
}

export const licenceExpiryRemindersJob = defineScheduledJobKind({
  kind: "licence-expiry-reminders",
  schedule: { cron: LICENCE_EXPIRY_REMINDER_CRON, timezone: UK_TIME_ZONE },
  async run({ asOf }, { database, env }) {
    const reminded = await remindExpiringLicences(database.db, {
      now: asOf,
      siteUrl: env.SITE_URL,
      adminEmails: env.ADMIN_EMAILS,
    });
    if (reminded > 0) logger.info({ licenceReminders: reminded }, "licence expiry reminders queued");
  },
});
