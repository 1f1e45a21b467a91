import { and, asc, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { contactSubmissions, followUps, user } from "~db/schema";
import { FOLLOW_UP_UPCOMING_DAYS } from "~/content/follow-ups";
import type { Db } from "~/lib/db/db.server";
import { findAdmin } from "~/lib/inquiries/changes.server";
import { recordEvent } from "~/lib/inquiries/timeline.server";
import { endOfUkDay } from "~/lib/uk-time";

const columns = {
  inquiryId: followUps.inquiry_id,
  dueAt: followUps.due_at,
  text: followUps.text,
  ownerId: followUps.owner_id,
  ownerName: user.name,
  completedAt: followUps.completed_at,
};

/** An inquiry's next step, open or done; null when it never had one. */
export async function getFollowUp(db: Db, inquiryId: string) {
  const [row] = await db
    .select(columns)
    .from(followUps)
    .leftJoin(user, eq(user.id, followUps.owner_id))
    .where(eq(followUps.inquiry_id, inquiryId))
    .limit(1);
  return row ?? null;
}

type FollowUpChange = "set" | "moved" | "unchanged" | "not-found" | "not-an-admin";

/** The timeline records ids and times only, never the text. Moving the time or the owner makes the reminder due again. */
export async function setFollowUp(
  db: Db,
  input: { inquiryId: string; dueAt: Date; text: string; ownerId: string; actorId: string },
): Promise<FollowUpChange> {
  return db.transaction(async (tx) => {
    const [inquiry] = await tx
      .select({ id: contactSubmissions.id })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, input.inquiryId))
      .for("update");
    if (!inquiry) return "not-found";
    if (!(await findAdmin(tx, input.ownerId))) return "not-an-admin";
    const [current] = await tx.select().from(followUps).where(eq(followUps.inquiry_id, input.inquiryId));
    const open = current && !current.completed_at ? current : null;
    const remindAgain =
      !open || open.due_at.getTime() !== input.dueAt.getTime() || open.owner_id !== input.ownerId;
    if (!remindAgain && open?.text === input.text) return "unchanged";
    const values = {
      due_at: input.dueAt,
      text: input.text,
      owner_id: input.ownerId,
      set_by: input.actorId,
      completed_at: null,
      completed_by: null,
      ...(remindAgain ? { reminded_at: null } : {}),
      updated_at: sql`now()`,
    };
    await tx
      .insert(followUps)
      .values({ inquiry_id: input.inquiryId, ...values, reminded_at: null })
      .onConflictDoUpdate({ target: followUps.inquiry_id, set: values });
    const dueAt = input.dueAt.toISOString();
    await recordEvent(tx, {
      inquiryId: input.inquiryId,
      actorId: input.actorId,
      kind: open ? "follow-up-moved" : "follow-up-set",
      details: open
        ? { dueAt, previousDueAt: open.due_at.toISOString(), ownerId: input.ownerId }
        : { dueAt, ownerId: input.ownerId },
    });
    return open ? "moved" : "set";
  });
}

/** Marks the open next step done; "not-found" when there is none. */
export async function completeFollowUp(
  db: Db,
  input: { inquiryId: string; actorId: string },
): Promise<"done" | "not-found"> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(followUps)
      .set({ completed_at: sql`now()`, completed_by: input.actorId, updated_at: sql`now()` })
      .where(and(eq(followUps.inquiry_id, input.inquiryId), isNull(followUps.completed_at)))
      .returning({ dueAt: followUps.due_at });
    if (!row) return "not-found";
    await recordEvent(tx, {
      inquiryId: input.inquiryId,
      actorId: input.actorId,
      kind: "follow-up-done",
      details: { dueAt: row.dueAt.toISOString() },
    });
    return "done";
  });
}

const LISTED = 200;

/** The open next steps, soonest first: overdue, due later today (UK time) and upcoming. */
export async function listFollowUps(db: Db, options: { now: Date; ownerId?: string }) {
  const horizon = new Date(endOfUkDay(options.now).getTime() + FOLLOW_UP_UPCOMING_DAYS * 86_400_000);
  const rows = await db
    .select({ ...columns, name: contactSubmissions.name, company: contactSubmissions.company })
    .from(followUps)
    .innerJoin(contactSubmissions, eq(contactSubmissions.id, followUps.inquiry_id))
    .leftJoin(user, eq(user.id, followUps.owner_id))
    .where(
      and(
        isNull(followUps.completed_at),
        lte(followUps.due_at, horizon),
        options.ownerId ? eq(followUps.owner_id, options.ownerId) : undefined,
      ),
    )
    .orderBy(asc(followUps.due_at), asc(followUps.inquiry_id))
    .limit(LISTED);
  const endOfDay = endOfUkDay(options.now).getTime();
  const now = options.now.getTime();
  return {
    overdue: rows.filter((row) => row.dueAt.getTime() <= now),
    dueToday: rows.filter((row) => row.dueAt.getTime() > now && row.dueAt.getTime() < endOfDay),
    upcoming: rows.filter((row) => row.dueAt.getTime() >= endOfDay),
  };
}

/** Open next steps due by the end of today (UK time), overdue included. */
export async function countDueFollowUps(db: Db, options: { now: Date; ownerId?: string }): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(followUps)
    .where(
      and(
        isNull(followUps.completed_at),
        sql`${followUps.due_at} < ${endOfUkDay(options.now)}`,
        options.ownerId ? eq(followUps.owner_id, options.ownerId) : undefined,
      ),
    );
  return Number(row?.count ?? 0);
}

/** The follow-ups a claim hands out: due, open, owned and not yet reminded. */
export function dueForReminder(now: Date) {
  return and(
    isNull(followUps.completed_at),
    isNull(followUps.reminded_at),
    isNotNull(followUps.owner_id),
    lte(followUps.due_at, now),
  );
}
