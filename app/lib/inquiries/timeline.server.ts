import { asc, eq, sql } from "drizzle-orm";
import { inquiryEvents, inquiryNotesVersions, user } from "~db/schema";
import type { Db } from "~/lib/db/db.server";

/** Details hold ids, states and labels, never message text or contact details. */
type InquiryEventKind =
  | "received"
  | "notified"
  | "notify-failed"
  | "read"
  | "unread"
  | "spam"
  | "not-spam"
  | "notes-edited"
  | "assigned"
  | "unassigned"
  | "status-changed"
  | "reply-sent"
  | "reply-delivered"
  | "reply-failed"
  | "replied-outside"
  | "overdue-alerted"
  | "follow-up-set"
  | "follow-up-moved"
  | "follow-up-done"
  | "follow-up-reminded"
  | "message-received"
  | "message-held"
  | "message-confirmed"
  | "auto-reply-received"
  | "delivery-report-received"
  | "upload-received"
  | "upload-refused"
  | "upload-downloaded"
  | "attachment-refused"
  | "sanctions-decision"
  | "licence-checked"
  | "whatsapp-moved-out"
  | "whatsapp-moved-in";

export interface NewInquiryEvent {
  inquiryId: string;
  kind: InquiryEventKind;
  /** The admin who acted; null for the system (the form, a job). */
  actorId?: string | null;
  details?: Record<string, unknown>;
}

/** Call inside the transaction of the action it records. */
export async function recordEvents(db: Db, events: readonly NewInquiryEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(inquiryEvents).values(
    events.map((event) => ({
      inquiry_id: event.inquiryId,
      kind: event.kind,
      actor_id: event.actorId ?? null,
      details: event.details ?? {},
      // The time of the action, not of its transaction's start: entries of one transaction keep their order.
      created_at: sql`clock_timestamp()`,
    })),
  );
}

export function recordEvent(db: Db, event: NewInquiryEvent): Promise<void> {
  return recordEvents(db, [event]);
}

export function listTimeline(db: Db, inquiryId: string) {
  return db
    .select({
      id: inquiryEvents.id,
      kind: inquiryEvents.kind,
      actorId: inquiryEvents.actor_id,
      actorName: user.name,
      details: inquiryEvents.details,
      createdAt: inquiryEvents.created_at,
    })
    .from(inquiryEvents)
    .leftJoin(user, eq(user.id, inquiryEvents.actor_id))
    .where(eq(inquiryEvents.inquiry_id, inquiryId))
    .orderBy(asc(inquiryEvents.created_at), asc(inquiryEvents.id));
}

export function listNotesVersions(db: Db, inquiryId: string) {
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
