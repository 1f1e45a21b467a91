import { eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import { contactSubmissions, inquiryEvents, inquiryReplies } from "~db/schema";
import { lockJobsOfInquiries } from "~/lib/jobs/lock-inquiry-jobs.server";
import { redactMailText } from "~/lib/privacy/redact-mail";
import type { RetentionRun, TableDeclaration } from "~/lib/privacy/declarations/types";

const DAY_MS = 24 * 60 * 60 * 1000;

export function monthsBefore(date: Date, months: number): Date {
  const result = new Date(date);
  result.setUTCMonth(result.getUTCMonth() - months);
  return result;
}

export function daysBefore(date: Date, days: number): Date {
  return new Date(date.getTime() - days * DAY_MS);
}

/** A timestamp parameter both drivers pass the same way. */
export const at = (date: Date): SQL => sql`${date.toISOString()}::timestamptz`;

/**
 * An inquiry's last activity: it arrived, its notes changed, or the desk
 * acted on it (a reply, its status, its owner). Opening it is not activity:
 * reading a card gives no reason to keep it longer.
 */
const inquiryLastActivity = sql`greatest(${contactSubmissions.created_at}, ${contactSubmissions.notes_updated_at}, ${contactSubmissions.last_action_at})`;

/**
 * Inquiries past their period: genuine ones after inquiryMonths, spam after
 * spamDays. A held inquiry is genuine until an admin judges it (decision 048):
 * the short spam period must not delete a lead nobody has looked at.
 */
export function expiredInquiries({ now, config }: RetentionRun): SQL {
  return sql`(((not ${contactSubmissions.is_spam} or ${contactSubmissions.held}) and ${inquiryLastActivity} < ${at(monthsBefore(now, config.inquiryMonths))})
    or (${contactSubmissions.is_spam} and not ${contactSubmissions.held} and ${inquiryLastActivity} < ${at(daysBefore(now, config.spamDays))}))`;
}

const none = Promise.resolve([]);

export const contactSubmissionsDeclaration: TableDeclaration = {
  table: contactSubmissions,
  personal: true,
  exportAs: "inquiries",
  label: "Inquiries",
  async find(db, subject) {
    if (subject.inquiryIds.length === 0) return none;
    // The token hashes only recognise a resent form: they are not the person's data; the
    // search text and the mail text are lower-cased copies of columns and of replies and
    // messages exported already (and go with the row when it is erased or expires).
    const {
      submission_key: _key,
      form_token_hash: _hash,
      search_text: _search,
      mail_text: _mail,
      ...columns
    } = getTableColumns(contactSubmissions);
    return db
      .select(columns)
      .from(contactSubmissions)
      .where(inArray(contactSubmissions.id, subject.inquiryIds))
      .orderBy(contactSubmissions.created_at);
  },
  async erase(tx, subject) {
    let count = 0;
    if (subject.inquiryIds.length > 0) {
      await lockJobsOfInquiries(tx, inArray(contactSubmissions.id, subject.inquiryIds));
      count += (
        await tx
          .delete(contactSubmissions)
          .where(inArray(contactSubmissions.id, subject.inquiryIds))
          .returning({ id: contactSubmissions.id })
      ).length;
    }
    if (subject.userId) {
      // A desk member's traces on other people's inquiries: who read, noted or owns them.
      for (const column of ["read_by", "notes_updated_by", "assigned_to"] as const) {
        count += (
          await tx
            .update(contactSubmissions)
            .set({ [column]: null })
            .where(eq(contactSubmissions[column], subject.userId))
            .returning({ id: contactSubmissions.id })
        ).length;
      }
    }
    return count;
  },
  retention: {
    kind: "own",
    periods: ["inquiryMonths", "spamDays"],
    async apply(tx, run) {
      await lockJobsOfInquiries(tx, expiredInquiries(run));
      const rows = await tx
        .delete(contactSubmissions)
        .where(expiredInquiries(run))
        .returning({ id: contactSubmissions.id });
      return rows.length;
    },
  },
};

export const inquiryEventsDeclaration: TableDeclaration = {
  table: inquiryEvents,
  personal: true,
  exportAs: "inquiryHistory",
  label: "Inquiry history entries",
  async find(db, subject) {
    if (subject.inquiryIds.length === 0) return none;
    return db
      .select({
        inquiryId: inquiryEvents.inquiry_id,
        kind: inquiryEvents.kind,
        details: inquiryEvents.details,
        createdAt: inquiryEvents.created_at,
      })
      .from(inquiryEvents)
      .where(inArray(inquiryEvents.inquiry_id, subject.inquiryIds))
      .orderBy(inquiryEvents.created_at);
  },
  async erase(tx, subject) {
    let count = 0;
    if (subject.inquiryIds.length > 0) {
      count += (
        await tx
          .delete(inquiryEvents)
          .where(inArray(inquiryEvents.inquiry_id, subject.inquiryIds))
          .returning({ id: inquiryEvents.id })
      ).length;
    }
    if (subject.userId) {
      count += (
        await tx
          .update(inquiryEvents)
          .set({ actor_id: null })
          .where(eq(inquiryEvents.actor_id, subject.userId))
          .returning({ id: inquiryEvents.id })
      ).length;
    }
    return count;
  },
  retention: { kind: "with-parent", parent: contactSubmissions, periods: ["inquiryMonths", "spamDays"] },
};

export const inquiryRepliesDeclaration: TableDeclaration = {
  table: inquiryReplies,
  personal: true,
  exportAs: "replies",
  label: "Replies sent from the desk",
  async find(db, subject) {
    if (subject.inquiryIds.length === 0) return none;
    const rows = await db
      .select({
        inquiryId: inquiryReplies.inquiry_id,
        to: inquiryReplies.to,
        subject: inquiryReplies.subject,
        body: inquiryReplies.body,
        createdAt: inquiryReplies.created_at,
        deliveredAt: inquiryReplies.delivered_at,
        failedAt: inquiryReplies.failed_at,
      })
      .from(inquiryReplies)
      .where(inArray(inquiryReplies.inquiry_id, subject.inquiryIds))
      .orderBy(inquiryReplies.created_at);
    return rows.map((row) => ({ ...row, body: redactMailText(row.body) }));
  },
  async erase(tx, subject) {
    let count = 0;
    if (subject.inquiryIds.length > 0) {
      count += (
        await tx
          .delete(inquiryReplies)
          .where(inArray(inquiryReplies.inquiry_id, subject.inquiryIds))
          .returning({ id: inquiryReplies.id })
      ).length;
    }
    if (subject.userId) {
      count += (
        await tx
          .update(inquiryReplies)
          .set({ sent_by: null })
          .where(eq(inquiryReplies.sent_by, subject.userId))
          .returning({ id: inquiryReplies.id })
      ).length;
    }
    return count;
  },
  retention: { kind: "with-parent", parent: contactSubmissions, periods: ["inquiryMonths", "spamDays"] },
};
