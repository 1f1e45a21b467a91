import { and, asc, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { jobs } from "~db/schema";
import type { Db } from "~/lib/db/db.server";
import type { JobRow } from "~/lib/jobs/job-kind.server";

export const MAX_ATTEMPTS = 8;
/**
 * A claimed job is someone's for this long unless its worker renews the claim; then another worker may retry it.
 * Short, because it is how long a job claimed by an instance that was killed waits for the next start.
 */
export const CLAIM_MS = 30_000;

/** 30 s, 1 min, 2 min … capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * Claims up to `limit` due jobs of the kinds this worker can run (an older instance leaves a newer kind alone).
 * `now` defaults to the database's clock: a millisecond Date could fall just before a microsecond timestamp.
 */
export async function claimDueJobs(
  db: Db,
  kinds: readonly string[],
  now: Date | undefined,
  limit: number,
  claimMs: number = CLAIM_MS,
): Promise<JobRow[]> {
  if (kinds.length === 0) return [];
  const cutoff = now ?? sql`now()`;
  const claimedUntil = now
    ? new Date(now.getTime() + claimMs)
    : sql`now() + make_interval(secs => ${claimMs / 1000})`;
  // SKIP LOCKED gives each due job to exactly one of several instances' workers.
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          isNull(jobs.done_at),
          isNull(jobs.failed_at),
          lte(jobs.next_attempt_at, cutoff),
          or(isNull(jobs.locked_until), lte(jobs.locked_until, cutoff)),
          inArray(jobs.kind, [...kinds]),
        ),
      )
      .orderBy(asc(jobs.next_attempt_at))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((row) => row.id);
    return tx.update(jobs).set({ locked_until: claimedUntil }).where(inArray(jobs.id, ids)).returning();
  });
}

/**
 * Keeps a running batch's claim alive: a worker renews the jobs it still holds every third of the claim, so a long
 * job is never taken over by another instance, and a dead worker's jobs are free again within one claim.
 */
export async function renewClaims(db: Db, ids: readonly string[], claimMs: number = CLAIM_MS): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(jobs)
    .set({ locked_until: sql`now() + make_interval(secs => ${claimMs / 1000})` })
    .where(and(inArray(jobs.id, [...ids]), isNull(jobs.done_at), sql`${jobs.locked_until} is not null`));
}

/** The job's new state after a failed attempt: retried with backoff, or given up after MAX_ATTEMPTS. */
export function planRetry(
  previousAttempts: number,
  error: unknown,
  failedAt: Date,
  retryFrom: Date = failedAt,
) {
  const attempts = previousAttempts + 1;
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  const giveUp = attempts >= MAX_ATTEMPTS;
  return {
    attempts,
    message,
    giveUp,
    set: {
      attempts,
      last_error: message,
      locked_until: null,
      next_attempt_at: new Date(retryFrom.getTime() + retryDelayMs(attempts)),
      failed_at: giveUp ? failedAt : null,
    },
  };
}
