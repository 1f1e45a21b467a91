import { and, asc, eq, ne, sql } from "drizzle-orm";
import { replyTemplates } from "../../../db/schema";
import type { ReplyTemplateInput } from "~/forms/reply-templates";
import type { Db } from "../db/db.server";

type ReplyTemplateRow = typeof replyTemplates.$inferSelect;

/** Every template, by name: the editor's list and the composer's choice. */
export function listReplyTemplates(db: Db): Promise<ReplyTemplateRow[]> {
  return db.select().from(replyTemplates).orderBy(asc(replyTemplates.name), asc(replyTemplates.id));
}

export async function getReplyTemplate(db: Db, id: string): Promise<ReplyTemplateRow | null> {
  const [row] = await db.select().from(replyTemplates).where(eq(replyTemplates.id, id)).limit(1);
  return row ?? null;
}

type TemplateSaved = { ok: true; id: string } | { ok: false; reason: "name-taken" | "not-found" };

async function nameTaken(db: Db, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: replyTemplates.id })
    .from(replyTemplates)
    .where(
      and(
        sql`lower(${replyTemplates.name}) = lower(${name})`,
        exceptId ? ne(replyTemplates.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Adds a template; names are unique (ignoring case), so the composer's list is unambiguous. */
export async function createReplyTemplate(
  db: Db,
  input: ReplyTemplateInput,
  actorId: string,
): Promise<TemplateSaved> {
  return db.transaction(async (tx) => {
    if (await nameTaken(tx, input.name)) return { ok: false, reason: "name-taken" };
    const [row] = await tx
      .insert(replyTemplates)
      .values({ ...input, updated_by: actorId })
      .onConflictDoNothing()
      .returning({ id: replyTemplates.id });
    return row ? { ok: true, id: row.id } : { ok: false, reason: "name-taken" };
  });
}

export async function updateReplyTemplate(
  db: Db,
  id: string,
  input: ReplyTemplateInput,
  actorId: string,
): Promise<TemplateSaved> {
  return db.transaction(async (tx) => {
    if (await nameTaken(tx, input.name, id)) return { ok: false, reason: "name-taken" };
    const [row] = await tx
      .update(replyTemplates)
      .set({ ...input, updated_by: actorId, updated_at: sql`now()` })
      .where(eq(replyTemplates.id, id))
      .returning({ id: replyTemplates.id });
    return row ? { ok: true, id: row.id } : { ok: false, reason: "not-found" };
  });
}

/** Drafts already written from a template keep their text: deleting it changes no draft. */
export async function deleteReplyTemplate(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(replyTemplates)
    .where(eq(replyTemplates.id, id))
    .returning({ id: replyTemplates.id });
  return rows.length > 0;
}
