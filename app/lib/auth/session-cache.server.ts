import { ChangeGeneration } from "../db/change-generation.server";
import type { DatabaseHandle } from "../db/db.server";

/** Sent by migration 0027's triggers when a session, a user or a user's roles change. */
export const SESSIONS_CHANGED_CHANNEL = "sessions_changed";
/** Sessions kept at once; beyond it, all are dropped and read again. */
const MAX_ENTRIES = 1_000;

export type SessionReadSource = Pick<DatabaseHandle, "db" | "kind" | "listen">;

/**
 * Session reads of the embedded database, kept until a session, a user or a
 * role changes. Only there: one process holds PGlite's data directory
 * (data-dir-lock.server.ts), so every change is this process's own, and
 * PGlite hands the commit's notification to the listener before the
 * committing caller resumes. The next request after a sign-out, a
 * revocation or a removed role is refused as if it had read the row.
 *
 * Not on Postgres: there another instance may change the rows, and its
 * notification arrives some milliseconds after the commit, a window in
 * which a revoked session would still be let in. Each request reads the row.
 *
 * A read begun before a change is never kept: every notification moves the
 * generation on, and only reads of the current one are stored. Until the
 * process listens on the channel, nothing is kept at all.
 */
class SessionReadCache<T> {
  private readonly entries = new Map<string, T>();
  private readonly changes: ChangeGeneration;

  constructor(source: SessionReadSource) {
    this.changes = new ChangeGeneration(source, SESSIONS_CHANGED_CHANNEL, () => this.entries.clear());
  }

  async read(token: string, compute: () => Promise<T | undefined>): Promise<T | undefined> {
    const listening = this.changes.listening();
    if (!(listening === true || (await listening))) return compute();
    const kept = this.entries.get(token);
    if (kept) return kept;
    const generation = this.changes.value;
    const found = await compute();
    if (found && generation === this.changes.value) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(token, found);
    }
    return found;
  }
}

const caches = new WeakMap<SessionReadSource, SessionReadCache<unknown>>();

/**
 * The session row for `token`: kept from an earlier request on the
 * embedded database while nothing changed, else read by `compute`.
 */
export function readSessionRow<T>(
  source: SessionReadSource,
  token: string,
  compute: () => Promise<T | undefined>,
): Promise<T | undefined> {
  if (source.kind !== "pglite") return compute();
  let cache = caches.get(source) as SessionReadCache<T> | undefined;
  if (!cache) {
    cache = new SessionReadCache<T>(source);
    caches.set(source, cache);
  }
  return cache.read(token, compute);
}
