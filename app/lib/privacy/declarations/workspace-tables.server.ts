import { eq } from "drizzle-orm";
import { savedViews, workspacePreferences } from "~db/schema";
import { ownedByAccount } from "~/lib/privacy/declarations/account-tables.server";

/** How an admin likes the inbox laid out: theirs, and gone with their account. */
export const workspacePreferencesDeclaration = ownedByAccount({
  table: workspacePreferences,
  exportAs: "workspacePreferences",
  label: "Workspace preferences",
  find: (db, userId) =>
    db
      .select({ inboxLayout: workspacePreferences.inbox_layout, updatedAt: workspacePreferences.updated_at })
      .from(workspacePreferences)
      .where(eq(workspacePreferences.user_id, userId)),
  erase: async (tx, userId) =>
    (
      await tx
        .delete(workspacePreferences)
        .where(eq(workspacePreferences.user_id, userId))
        .returning({ id: workspacePreferences.user_id })
    ).length,
});

/**
 * The views an admin saved. The owner's id makes them personal data; a shared
 * view goes with its owner too (the team keeps no view nobody answers for).
 */
export const savedViewsDeclaration = ownedByAccount({
  table: savedViews,
  exportAs: "savedViews",
  label: "Saved inbox views",
  find: (db, userId) =>
    db
      .select({
        name: savedViews.name,
        query: savedViews.query,
        shared: savedViews.shared,
        createdAt: savedViews.created_at,
      })
      .from(savedViews)
      .where(eq(savedViews.owner_id, userId))
      .orderBy(savedViews.created_at),
  erase: async (tx, userId) =>
    (await tx.delete(savedViews).where(eq(savedViews.owner_id, userId)).returning({ id: savedViews.id }))
      .length,
});
