import { and, asc, count, eq, or } from "drizzle-orm";
import { savedViews } from "~db/schema";
import { SAVED_VIEWS_MAX } from "~/forms/workspace";
import type { Db } from "~/lib/db/db.server";

interface SavedView {
  id: string;
  name: string;
  /** The inbox's query string (filter and sort). */
  query: string;
  shared: boolean;
  /** The viewer's own view: only these can be deleted by them. */
  own: boolean;
}

/** The viewer's own views and those the team shares, by name. */
export async function listSavedViews(db: Db, viewerId: string): Promise<SavedView[]> {
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
    const [row] = await tx
      .select({ n: count() })
      .from(savedViews)
      .where(eq(savedViews.owner_id, input.ownerId));
    if ((row?.n ?? 0) >= SAVED_VIEWS_MAX) throw new TooManyViewsError();
    await tx.insert(savedViews).values({
      owner_id: input.ownerId,
      name: input.name,
      query: input.query,
      shared: input.shared,
    });
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
