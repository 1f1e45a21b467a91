/** One inquiry's changes from its card: read, unread, spam, notes, delete. */
import { and, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { contactSubmissions } from "../../../db/schema";
import type { Db } from "../db/db.server";
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

export function setSpam(db: Db, id: string, isSpam: boolean, adminUserId?: string): Promise<boolean> {
  return updateOne(
    db,
    id,
    { is_spam: isSpam },
    {
      kind: isSpam ? "spam" : "not-spam",
      actorId: adminUserId,
      onlyIf: eq(contactSubmissions.is_spam, !isSpam),
    },
  );
}

/** Empty notes are stored as null, like every empty optional field. The timeline never holds the notes. */
export function saveNotes(db: Db, id: string, notes: string, adminUserId: string): Promise<boolean> {
  return updateOne(
    db,
    id,
    {
      admin_notes: notes === "" ? null : notes,
      notes_updated_at: sql`now()`,
      notes_updated_by: adminUserId,
    },
    { kind: "notes-edited", actorId: adminUserId },
  );
}

/** Erasure: the inquiry is gone; its queued mails keep no link to it. */
export async function deleteInquiry(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(contactSubmissions)
    .where(eq(contactSubmissions.id, id))
    .returning({ id: contactSubmissions.id });
  return rows.length > 0;
}
