/**
 * What the two outboxes (mail, webhooks) share: claiming due rows so that
 * each goes to one worker, and the retry schedule after a failed attempt.
 * Why no queue library: see the header of mail/mail-outbox.server.ts.
 */
import { and, asc, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { mailOutbox, webhookOutbox } from "../../../db/schema";
import type { Db } from "../db/db.server";

export const MAX_ATTEMPTS = 8;
/** A claimed row is someone's for this long; then another worker may retry it. */
const CLAIM_MS = 120_000;

/** 30 s, 1 min, 2 min … capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

type OutboxTable = typeof mailOutbox | typeof webhookOutbox;

/**
 * Claims up to `limit` due rows of `table`. `now` defaults to the database's
 * clock, which also stamped the rows when they were enqueued: a JavaScript
 * Date (milliseconds) taken in the same instant could fall just before a
 * microsecond timestamp and miss a due row.
 */
export async function claimDueRows<T extends OutboxTable>(
  db: Db,
  table: T,
  now: Date | undefined,
  limit: number,
): Promise<T["$inferSelect"][]> {
  // One code path for both tables: their claim columns are the same.
  const outbox = table as typeof mailOutbox;
  const cutoff = now ?? sql`now()`;
  const claimedUntil = now
    ? new Date(now.getTime() + CLAIM_MS)
    : sql`now() + make_interval(secs => ${CLAIM_MS / 1000})`;
  // Select, then mark, in one transaction: several instances may run workers
  // on one Postgres, and SKIP LOCKED gives each due row to exactly one.
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          isNull(outbox.sent_at),
          isNull(outbox.failed_at),
          lte(outbox.next_attempt_at, cutoff),
          or(isNull(outbox.locked_until), lte(outbox.locked_until, cutoff)),
        ),
      )
      .orderBy(asc(outbox.next_attempt_at))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(outbox)
      .set({ locked_until: claimedUntil })
      .where(
        inArray(
          outbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  }) as Promise<T["$inferSelect"][]>;
}

/**
 * The row's new state after a failed attempt: retried after `retryDelayMs`
 * counted from `retryFrom`, or given up (failed at `failedAt`) after
 * MAX_ATTEMPTS. The error is kept short.
 */
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
