import { sql } from "drizzle-orm";
import { dailyJobRuns } from "../../../db/schema";
import type { Db } from "../db/db.server";

/** The calendar day of `now` in GMT, as YYYY-MM-DD. */
export function gmtDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Claims `job` for `day`. Call it inside the transaction that does the
 * day's work: the primary key admits one row per job and day, so of several
 * instances exactly one gets true (a second waits for the first to commit,
 * then finds the row); if the work fails, the claim rolls back with it.
 */
export async function claimDay(db: Db, job: string, day: string): Promise<boolean> {
  const rows = await db
    .insert(dailyJobRuns)
    .values({ job, day, ran_at: sql`now()` })
    .onConflictDoNothing()
    .returning({ job: dailyJobRuns.job });
  return rows.length > 0;
}
