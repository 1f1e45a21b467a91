import { asc, eq } from "drizzle-orm";
import { inquiryNotesVersions, user } from "../../../db/schema";
import type { InboxAction } from "~/forms/inbox";
import type { Db } from "../db/db.server";
import { deleteInquiry, markRead, markUnread, saveNotes, setSpam } from "./inquiry-actions.server";
import type { AnnounceOptions } from "./inquiries.server";
import { releaseInquiry } from "./spam-review.server";

/**
 * Read, spam, notes and delete, from a card in the inbox or from the lead
 * page (whose delete also carries its confirmation): one set of changes
 * (inquiry-actions.server.ts), so either leaves the same rows and timeline
 * entries. "Not spam" releases the
 * lead as the inbox does: a lead never announced is announced then, once.
 * False when no inquiry has this id.
 */
export function applyInquiryAction(
  db: Db,
  action: InboxAction,
  adminId: string,
  announce: AnnounceOptions,
): Promise<boolean> {
  switch (action.intent) {
    case "mark-read":
      return markRead(db, action.id, adminId);
    case "mark-unread":
      return markUnread(db, action.id, adminId);
    case "mark-spam":
      return setSpam(db, action.id, true, adminId);
    case "mark-not-spam":
      return releaseInquiry(db, action.id, adminId, announce);
    case "save-notes":
      return saveNotes(db, action.id, action.notes, adminId);
    case "delete":
      return deleteInquiry(db, action.id);
  }
}

interface NotesVersion {
  id: string;
  notes: string | null;
  authorId: string | null;
  authorName: string | null;
  createdAt: Date;
}

/** Every text the notes have had, oldest first. */
export function listNotesVersions(db: Db, inquiryId: string): Promise<NotesVersion[]> {
  return db
    .select({
      id: inquiryNotesVersions.id,
      notes: inquiryNotesVersions.notes,
      authorId: inquiryNotesVersions.author_id,
      authorName: user.name,
      createdAt: inquiryNotesVersions.created_at,
    })
    .from(inquiryNotesVersions)
    .leftJoin(user, eq(user.id, inquiryNotesVersions.author_id))
    .where(eq(inquiryNotesVersions.inquiry_id, inquiryId))
    .orderBy(asc(inquiryNotesVersions.created_at), asc(inquiryNotesVersions.id));
}
