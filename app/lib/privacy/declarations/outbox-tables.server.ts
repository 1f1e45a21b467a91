import { and, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { contactSubmissions, mailOutbox, webhookOutbox } from "../../../../db/schema";
import { redactMailText } from "../redact-mail";
import { daysBefore, expiredInquiries } from "./inquiry-tables.server";
import type { RetentionRun, Subject, TableDeclaration } from "./types";

/*
 * Each outbox is declared on its own: a queue that replaces one of them
 * brings its own declaration and removes this one.
 */

/** The ids of inquiries past their period: what is queued about them goes before they do. */
const expiredInquiryIds = (run: RetentionRun): SQL =>
  sql`(select ${contactSubmissions.id} from ${contactSubmissions} where ${expiredInquiries(run)})`;

/** Mail addressed to the address (account mail, acknowledgements), or about the person's inquiries. */
function mailOf(subject: Subject): SQL | undefined {
  const addressed = sql`exists (select 1 from jsonb_array_elements_text(${mailOutbox.to}) as recipient(address) where lower(recipient.address) = ${subject.email})`;
  if (subject.scope === "account") return and(addressed, isNull(mailOutbox.inquiry_id));
  return subject.inquiryIds.length > 0
    ? or(addressed, inArray(mailOutbox.inquiry_id, subject.inquiryIds))
    : addressed;
}

export const mailOutboxDeclaration: TableDeclaration = {
  table: mailOutbox,
  personal: true,
  exportAs: "mail",
  label: "Emails in the mail log",
  async find(db, subject) {
    const rows = await db.select().from(mailOutbox).where(mailOf(subject)).orderBy(mailOutbox.created_at);
    // The text only, without links, tokens or codes; the HTML copy says the same with more markup.
    return rows.map((row) => ({
      kind: row.kind,
      to: row.to,
      replyTo: row.reply_to,
      subject: row.subject,
      text: redactMailText(row.text, row.kind),
      createdAt: row.created_at,
      sentAt: row.sent_at,
      failedAt: row.failed_at,
    }));
  },
  async erase(tx, subject) {
    return (await tx.delete(mailOutbox).where(mailOf(subject)).returning({ id: mailOutbox.id })).length;
  },
  retention: {
    kind: "own",
    periods: ["deliveredMailDays", "failedMailDays", "inquiryMonths", "spamDays"],
    async apply(tx, run) {
      const { now, config } = run;
      const rows = await tx
        .delete(mailOutbox)
        .where(
          or(
            lt(mailOutbox.sent_at, daysBefore(now, config.deliveredMailDays)),
            lt(mailOutbox.failed_at, daysBefore(now, config.failedMailDays)),
            sql`${mailOutbox.inquiry_id} in ${expiredInquiryIds(run)}`,
          ),
        )
        .returning({ id: mailOutbox.id });
      return rows.length;
    },
  },
};

export const webhookOutboxDeclaration: TableDeclaration = {
  table: webhookOutbox,
  personal: true,
  exportAs: "webhookCalls",
  label: "Webhook calls about inquiries",
  async find(db, subject) {
    if (subject.inquiryIds.length === 0) return [];
    // The body holds the reference, interest and deal size: what the inquiry export shows already.
    return db
      .select({
        inquiryId: webhookOutbox.inquiry_id,
        kind: webhookOutbox.kind,
        createdAt: webhookOutbox.created_at,
        sentAt: webhookOutbox.sent_at,
      })
      .from(webhookOutbox)
      .where(inArray(webhookOutbox.inquiry_id, subject.inquiryIds))
      .orderBy(webhookOutbox.created_at);
  },
  async erase(tx, subject) {
    if (subject.inquiryIds.length === 0) return 0;
    const rows = await tx
      .delete(webhookOutbox)
      .where(inArray(webhookOutbox.inquiry_id, subject.inquiryIds))
      .returning({ id: webhookOutbox.id });
    return rows.length;
  },
  retention: {
    kind: "own",
    periods: ["deliveredMailDays", "failedMailDays", "inquiryMonths", "spamDays"],
    async apply(tx, run) {
      const { now, config } = run;
      const rows = await tx
        .delete(webhookOutbox)
        .where(
          or(
            lt(webhookOutbox.sent_at, daysBefore(now, config.deliveredMailDays)),
            lt(webhookOutbox.failed_at, daysBefore(now, config.failedMailDays)),
            sql`${webhookOutbox.inquiry_id} in ${expiredInquiryIds(run)}`,
          ),
        )
        .returning({ id: webhookOutbox.id });
      return rows.length;
    },
  },
};
