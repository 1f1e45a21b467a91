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
  private generation = 0;
  private listening: "no" | Promise<boolean> | true = "no";
  private readonly entries = new Map<string, T>();

  constructor(private readonly source: SessionReadSource) {}

  private invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  private listen(): boolean | Promise<boolean> {
    if (this.listening !== "no") return this.listening;
    this.listening = this.source
      .listen(SESSIONS_CHANGED_CHANNEL, () => this.invalidate())
      .then(
        () => {
          this.invalidate();
          this.listening = true;
          return true;
        },
        // No listener, nothing kept: the next read tries again.
        () => {
          this.listening = "no";
          return false;
        },
      );
    return this.listening;
  }

  async read(token: string, compute: () => Promise<T | undefined>): Promise<T | undefined> {
    const listening = this.listen();
    if (!(listening === true || (await listening))) return compute();
    const kept = this.entries.get(token);
    if (kept) return kept;
    const generation = this.generation;
    const found = await compute();
    if (found && generation === this.generation) {
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
