import { and, asc, eq, or } from "drizzle-orm";
import { savedViews } from "~db/schema";
import { SAVED_VIEWS_MAX } from "~/forms/workspace";
import type { Db } from "~/lib/db/db.server";

/**
 * The viewer's own views and those the team shares, by name; `query` is the
 * inbox's query string (filter and sort), and only `own` views can be deleted by the viewer.
 */
export async function listSavedViews(db: Db, viewerId: string) {
  const rows = await db
    .select({
      id: savedViews.id,
      name: savedViews.name,
      query: savedViews.query,
      shared: savedViews.shared,
      ownerId: savedViews.owner_id,
    })
    .from(savedViews)
    .where(or(eq(savedViews.owner_id, viewerId), eq(savedViews.shared, true)))
    .orderBy(asc(savedViews.name), asc(savedViews.created_at))
    .limit(SAVED_VIEWS_MAX * 5);
  return rows.map(({ ownerId, ...view }) => ({ ...view, own: ownerId === viewerId }));
}

export class TooManyViewsError extends Error {
  constructor() {
    super(`You can keep at most ${SAVED_VIEWS_MAX} views. Delete one first.`);
  }
}

export async function saveView(
  db: Db,
  input: { ownerId: string; name: string; query: string; shared: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    const { ownerId, ...view } = input;
    if ((await tx.$count(savedViews, eq(savedViews.owner_id, ownerId))) >= SAVED_VIEWS_MAX) {
      throw new TooManyViewsError();
    }
    await tx.insert(savedViews).values({ ...view, owner_id: ownerId });
  });
}

/** Deletes the view if it is the viewer's own; false when there is no such view of theirs. */
export async function deleteOwnView(db: Db, id: string, viewerId: string): Promise<boolean> {
  const deleted = await db
    .delete(savedViews)
    .where(and(eq(savedViews.id, id), eq(savedViews.owner_id, viewerId)))
    .returning({ id: savedViews.id });
  return deleted.length > 0;
}
