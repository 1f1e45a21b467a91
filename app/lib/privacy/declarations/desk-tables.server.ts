import { inArray } from "drizzle-orm";
import { contactSubmissions, followUps, replyDrafts, replyTemplates } from "~db/schema";
import type { TableDeclaration } from "~/lib/privacy/declarations/types";

/** Replies being written to a lead: their words about and to the lead go with the inquiry. */
export const replyDraftsDeclaration: TableDeclaration = {
  table: replyDrafts,
  personal: true,
  exportAs: "replyDrafts",
  label: "Replies being written (drafts)",
  async find(db, subject) {
    if (subject.inquiryIds.length === 0) return [];
    return db
      .select({
        inquiryId: replyDrafts.inquiry_id,
        subject: replyDrafts.subject,
        body: replyDrafts.body,
        savedAt: replyDrafts.updated_at,
      })
      .from(replyDrafts)
      .where(inArray(replyDrafts.inquiry_id, subject.inquiryIds))
      .orderBy(replyDrafts.updated_at);
  },
  async erase(tx, subject) {
    if (subject.inquiryIds.length === 0) return 0;
    const rows = await tx
      .delete(replyDrafts)
      .where(inArray(replyDrafts.inquiry_id, subject.inquiryIds))
      .returning({ inquiryId: replyDrafts.inquiry_id });
    return rows.length;
  },
  retention: { kind: "with-parent", parent: contactSubmissions, periods: ["inquiryMonths", "spamDays"] },
};

/** A lead's next step: its text may say things about the lead, so it goes with the inquiry. */
export const followUpsDeclaration: TableDeclaration = {
  table: followUps,
  personal: true,
  exportAs: "followUps",
  label: "Follow-ups (the team's next steps)",
  async find(db, subject) {
    if (subject.inquiryIds.length === 0) return [];
    return db
      .select({
        inquiryId: followUps.inquiry_id,
        dueAt: followUps.due_at,
        text: followUps.text,
        completedAt: followUps.completed_at,
      })
      .from(followUps)
      .where(inArray(followUps.inquiry_id, subject.inquiryIds))
      .orderBy(followUps.due_at);
  },
  async erase(tx, subject) {
    if (subject.inquiryIds.length === 0) return 0;
    const rows = await tx
      .delete(followUps)
      .where(inArray(followUps.inquiry_id, subject.inquiryIds))
      .returning({ inquiryId: followUps.inquiry_id });
    return rows.length;
  },
  retention: { kind: "with-parent", parent: contactSubmissions, periods: ["inquiryMonths", "spamDays"] },
};

export const replyTemplatesDeclaration: TableDeclaration = {
  table: replyTemplates,
  personal: false,
  why: "The team's reply templates: general text with placeholders ({{name}}) filled in only when inserted into a draft, so no lead is in them; the last editor is an admin's account id, which goes when the account does.",
};
