import { eq } from "drizzle-orm";
import { workspacePreferences } from "~db/schema";
import { INBOX_LAYOUT_VALUES, type InboxLayout } from "~/forms/inbox";
import type { Db } from "~/lib/db/db.server";

/** The admin's layout of the inbox; the list for an admin who never chose. */
export async function readInboxLayout(db: Db, userId: string): Promise<InboxLayout> {
  const [row] = await db
    .select({ layout: workspacePreferences.inbox_layout })
    .from(workspacePreferences)
    .where(eq(workspacePreferences.user_id, userId))
    .limit(1);
  const stored = row?.layout;
  return (INBOX_LAYOUT_VALUES as readonly string[]).includes(stored ?? "") ? (stored as InboxLayout) : "list";
}

export async function saveInboxLayout(db: Db, userId: string, layout: InboxLayout): Promise<void> {
  const now = new Date();
  await db
    .insert(workspacePreferences)
    .values({ user_id: userId, inbox_layout: layout, updated_at: now })
    .onConflictDoUpdate({
      target: workspacePreferences.user_id,
      set: { inbox_layout: layout, updated_at: now },
    });
}
