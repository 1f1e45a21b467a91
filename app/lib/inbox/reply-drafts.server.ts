import { and, eq, sql } from "drizzle-orm";
import { contactSubmissions, replyDrafts } from "../../../db/schema";
import type { Db } from "../db/db.server";

interface SavedDraft {
  subject: string;
  body: string;
  updatedAt: Date;
}

/** The admin's draft for a lead, if one is kept. */
export async function getReplyDraft(
  db: Db,
  key: { inquiryId: string; adminId: string },
): Promise<SavedDraft | null> {
  const [row] = await db
    .select({ subject: replyDrafts.subject, body: replyDrafts.body, updatedAt: replyDrafts.updated_at })
    .from(replyDrafts)
    .where(and(eq(replyDrafts.inquiry_id, key.inquiryId), eq(replyDrafts.admin_id, key.adminId)))
    .limit(1);
  return row ?? null;
}

/**
 * Keeps the admin's draft for a lead (one per admin and lead, replaced on
 * every save). "not-found" when the inquiry is gone: nothing is stored.
 */
export async function saveReplyDraft(
  db: Db,
  draft: { inquiryId: string; adminId: string; subject: string; body: string },
): Promise<"saved" | "not-found"> {
  return db.transaction(async (tx) => {
    const [inquiry] = await tx
      .select({ id: contactSubmissions.id })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, draft.inquiryId))
      .for("share");
    if (!inquiry) return "not-found";
    await tx
      .insert(replyDrafts)
      .values({
        inquiry_id: draft.inquiryId,
        admin_id: draft.adminId,
        subject: draft.subject,
        body: draft.body,
      })
      .onConflictDoUpdate({
        target: [replyDrafts.inquiry_id, replyDrafts.admin_id],
        set: { subject: draft.subject, body: draft.body, updated_at: sql`now()` },
      });
    return "saved";
  });
}

/** Forgets the admin's draft: after it is sent, or when they discard it. */
export async function discardReplyDraft(db: Db, key: { inquiryId: string; adminId: string }): Promise<void> {
  await db
    .delete(replyDrafts)
    .where(and(eq(replyDrafts.inquiry_id, key.inquiryId), eq(replyDrafts.admin_id, key.adminId)));
}
