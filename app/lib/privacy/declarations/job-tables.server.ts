import { and, eq, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { contactSubmissions, jobs } from "~db/schema";
import { type MailPayload, mailJob } from "~/lib/mail/mail-job.server";
import { redactMailText } from "~/lib/privacy/redact-mail";
import { daysBefore, deleteRows } from "~/lib/privacy/declarations/declare-table.server";
import { expiredInquiries } from "~/lib/privacy/declarations/inquiry-tables.server";
import type { RetentionRun, Subject, TableDeclaration } from "~/lib/privacy/declarations/types";

/** The ids of inquiries past their period: what is queued about them goes before they do. */
const expiredInquiryIds = (run: RetentionRun): SQL =>
  sql`(select ${contactSubmissions.id} from ${contactSubmissions} where ${expiredInquiries(run)})`;

/** Mail addressed to the address (account mail, acknowledgements), or about the person's inquiries. */
function mailOf(subject: Subject): SQL | undefined {
  const addressed = sql`exists (select 1 from jsonb_array_elements_text(${jobs.payload}->'to') as recipient(address) where lower(recipient.address) = ${subject.email})`;
  const mail = eq(jobs.kind, mailJob.kind);
  if (subject.scope === "account") return and(mail, addressed, isNull(jobs.inquiry_id));
  return and(
    mail,
    subject.inquiryIds.length > 0 ? or(addressed, inArray(jobs.inquiry_id, subject.inquiryIds)) : addressed,
  );
}

/** Their mail, and every other job (a webhook call) about their inquiries. */
function jobsOf(subject: Subject): SQL | undefined {
  const mail = mailOf(subject);
  return subject.inquiryIds.length > 0 ? or(mail, inArray(jobs.inquiry_id, subject.inquiryIds)) : mail;
}

/** Mail and webhook calls (whose fields the inquiry export shows): erasure and retention take both. */
export const jobsDeclaration: TableDeclaration = {
  table: jobs,
  personal: true,
  exportAs: "mail",
  label: "Emails in the mail log",
  async find(db, subject) {
    const rows = await db.select().from(jobs).where(mailOf(subject)).orderBy(jobs.created_at);
    // The text only, without links, tokens or codes; the HTML copy says the same with more markup.
    return rows.map((row) => {
      const mail = row.payload as MailPayload;
      return {
        kind: mail.purpose,
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: redactMailText(mail.text, mail.purpose),
        createdAt: row.created_at,
        sentAt: row.done_at,
        failedAt: row.failed_at,
      };
    });
  },
  erase: (tx, subject) => deleteRows(tx, jobs, jobsOf(subject)),
  retention: {
    kind: "own",
    periods: ["deliveredMailDays", "failedMailDays", "inquiryMonths", "spamDays"],
    apply: (tx, run) =>
      deleteRows(
        tx,
        jobs,
        or(
          lt(jobs.done_at, daysBefore(run.now, run.config.deliveredMailDays)),
          lt(jobs.failed_at, daysBefore(run.now, run.config.failedMailDays)),
          sql`${jobs.inquiry_id} in ${expiredInquiryIds(run)}`,
        ),
      ),
  },
};
