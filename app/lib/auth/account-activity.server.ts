import { sql } from "drizzle-orm";
import { accountActivity } from "~db/schema";
import type { Db } from "~/lib/db/db.server";

/**
 * Records a sign-in (every new session): the account is in use again, so an
 * inactivity warning sent before no longer leads to its deletion.
 */
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
