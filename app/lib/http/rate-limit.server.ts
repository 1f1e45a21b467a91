/**
 * Fixed-window counters in the database (rate_limits): instances sharing a
 * database share the limits, and a restart forgets nothing. A key naming a
 * client's IP names it by clientIpGroup (an IPv6 /64).
 *
 * Why not a library: express-rate-limit limits whole routes, in memory or
 * Redis, where these limits are taken inside actions on keys only the action
 * knows, across instances on Postgres and PGlite. rate-limiter-flexible's
 * RateLimiterDrizzle does the same upsert but binds one client per limiter
 * (the database here comes per call, from tests and the request context),
 * reads the clock itself (tests pass `now`), and starts a clean-up timer in
 * every process (pruneRateLimits runs in the jobs shutdown stops).
 */
import { lt, sql } from "drizzle-orm";
import { rateLimits } from "~db/schema";
import type { Db } from "~/lib/db/db.server";

export interface RateLimit {
  max: number;
  windowMs: number;
}

interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the current window ends (0 when allowed). */
  retryAfterSeconds: number;
  /** Attempts counted in the current window, this one included. */
  count: number;
}

/**
 * Counts one attempt for `key` in the current fixed window and says whether
 * it is within the limit. The count is an atomic upsert in the database, so
 * app instances sharing a database share the limit.
 */
export async function consumeRateLimit(
  db: Db,
  key: string,
  limit: RateLimit,
  now = Date.now(),
): Promise<RateLimitResult> {
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

export async function pruneRateLimits(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(rateLimits)
    .where(lt(rateLimits.expires_at, now))
    .returning({ key: rateLimits.key });
  return deleted.length;
}
