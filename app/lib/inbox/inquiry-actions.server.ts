/** One inquiry's changes from its card: read, unread, spam, notes, delete. */
import { and, eq, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import { contactSubmissions, inquiryNotesVersions } from "../../../db/schema";
import type { Db } from "../db/db.server";
import { lockJobsOfInquiries } from "../jobs/lock-inquiry-jobs.server";
import { type InquiryEventKind, recordEvent } from "./timeline.server";

/**
 * Each mutation returns false when no inquiry has this id, and records a
 * timeline entry in the same transaction when it changed something.
 */
async function updateOne(
  db: Db,
  id: string,
  values: Record<string, unknown>,
  event: { kind: InquiryEventKind; actorId?: string | null; onlyIf?: SQL },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [exists] = await tx
      .select({ id: contactSubmissions.id })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, id))
      .for("update");
    if (!exists) return false;
    // Only a real change is recorded: marking a read inquiry read again is not an event.
    const rows = await tx
      .update(contactSubmissions)
      .set(values)
      .where(and(eq(contactSubmissions.id, id), event.onlyIf))
      .returning({ id: contactSubmissions.id });
    if (rows.length > 0) await recordEvent(tx, { inquiryId: id, kind: event.kind, actorId: event.actorId });
    return true;
  });
}

/** Marking an already read inquiry keeps who read it first, and when. */
export function markRead(db: Db, id: string, adminUserId: string): Promise<boolean> {
  return updateOne(
    db,
    id,
    { read_at: sql`now()`, read_by: adminUserId },
    { kind: "read", actorId: adminUserId, onlyIf: isNull(contactSubmissions.read_at) },
  );
}

export function markUnread(db: Db, id: string, adminUserId?: string): Promise<boolean> {
  return updateOne(
    db,
    id,
    { read_at: null, read_by: null },
    { kind: "unread", actorId: adminUserId, onlyIf: isNotNull(contactSubmissions.read_at) },
  );
}

/**
 * Marking spam also settles a held inquiry as spam. Marking one not spam
 * here announces nothing: the desk's "Not spam" is releaseInquiry
 * (spam-review.server.ts), which tells the admins and the visitor.
 */
export function setSpam(db: Db, id: string, isSpam: boolean, adminUserId?: string): Promise<boolean> {
  return updateOne(
    db,
    id,
    {
      is_spam: isSpam,
      held: false,
      // Judging a held inquiry is activity: its spam period starts now, not at its arrival.
      last_action_at: sql`case when ${contactSubmissions.held} then now() else ${contactSubmissions.last_action_at} end`,
    },
    {
      kind: isSpam ? "spam" : "not-spam",
      actorId: adminUserId,
      onlyIf: isSpam
        ? or(eq(contactSubmissions.is_spam, false), eq(contactSubmissions.held, true))
        : eq(contactSubmissions.is_spam, true),
    },
  );
}

/**
 * Empty notes are stored as null, like every empty optional field. Each
 * change keeps its text as a version (inquiry_notes_versions), so an edit
 * never loses what was there; the timeline entry holds only the version's id.
 */
export function saveNotes(db: Db, id: string, notes: string, adminUserId: string): Promise<boolean> {
  const value = notes === "" ? null : notes;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ notes: contactSubmissions.admin_notes })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, id))
      .for("update");
    if (!row) return false;
    // Saving the same text again is not an edit.
    if (row.notes === value) return true;
    await tx
      .update(contactSubmissions)
      .set({ admin_notes: value, notes_updated_at: sql`now()`, notes_updated_by: adminUserId })
      .where(eq(contactSubmissions.id, id));
    const [version] = await tx
      .insert(inquiryNotesVersions)
      .values({ inquiry_id: id, notes: value, author_id: adminUserId, created_at: sql`clock_timestamp()` })
      .returning({ id: inquiryNotesVersions.id });
    await recordEvent(tx, {
      inquiryId: id,
      kind: "notes-edited",
      actorId: adminUserId,
      details: { versionId: version!.id },
    });
    return true;
  });
}

/** Erasure: the inquiry is gone; its queued mails keep no link to it. */
export async function deleteInquiry(db: Db, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockJobsOfInquiries(tx, eq(contactSubmissions.id, id));
    const rows = await tx
      .delete(contactSubmissions)
      .where(eq(contactSubmissions.id, id))
      .returning({ id: contactSubmissions.id });
    return rows.length > 0;
  });
}
