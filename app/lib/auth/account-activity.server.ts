import { sql } from "drizzle-orm";
import { accountActivity } from "~db/schema";
import type { Db } from "~/lib/db/db.server";

/** Every new session: the account is in use, so an earlier inactivity warning no longer deletes it. */
export async function recordSignIn(db: Db, userId: string, at: Date = new Date()): Promise<void> {
  await db
    .insert(accountActivity)
    .values({ user_id: userId, last_sign_in_at: at, inactivity_warned_at: null })
    .onConflictDoUpdate({
      target: accountActivity.user_id,
      set: {
        last_sign_in_at: sql`greatest(${accountActivity.last_sign_in_at}, excluded.last_sign_in_at)`,
        inactivity_warned_at: null,
      },
    });
}
