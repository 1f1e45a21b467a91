/**
 * Fixed-window counters in the database: instances share the limits, and a restart forgets nothing.
 * Not express-rate-limit (whole routes, in memory or Redis; these keys are known only inside actions)
 * nor rate-limiter-flexible (one database client per limiter, its own clock and clean-up timer).
 */
import { and, eq, lt, sql } from "drizzle-orm";
import { rateLimits } from "~db/schema";
import type { Db } from "~/lib/db/db.server";

export interface RateLimit {
  max: number;
  windowMs: number;
}

/** Counts one attempt for `key` (an atomic upsert) and says whether it is within the limit. */
export async function consumeRateLimit(db: Db, key: string, limit: RateLimit, now = Date.now()) {
  const windowStart = now - (now % limit.windowMs);
  const windowEnd = windowStart + limit.windowMs;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, window_start: new Date(windowStart), count: 1, expires_at: new Date(windowEnd) })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.window_start],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const count = row?.count ?? 1;
  const allowed = count <= limit.max;
  return { allowed, retryAfterSeconds: allowed ? 0 : Math.ceil((windowEnd - now) / 1000), count };
}

/** Whether `key` has used up its window, without counting an attempt. */
export async function isRateLimited(db: Db, key: string, limit: RateLimit, now = Date.now()) {
  const windowStart = new Date(now - (now % limit.windowMs));
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.window_start, windowStart)));
  return (row?.count ?? 0) >= limit.max;
}

export async function pruneRateLimits(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(rateLimits)
    .where(lt(rateLimits.expires_at, now))
    .returning({ key: rateLimits.key });
  return deleted.length;
}
