import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { SCHEMA_CASING } from "~db/casing";
import * as schema from "~db/schema";
import { acquireDataDirLock } from "~/lib/db/data-dir-lock.server";
import type { Env } from "~/lib/env.server";
import { assertChannelName, createPostgresListener } from "~/lib/db/postgres-listener.server";
import { type BeforeMigrations, findPendingMigrations } from "~/lib/db/pending-migrations.server";
import { createPostgresPool } from "~/lib/db/postgres-pool.server";
import { ADVISORY_LOCKS } from "~/lib/db/advisory-locks";

/** What `db.execute()` returns on both drivers: at least the rows. */
interface RowsResult<Row> {
  rows: Row[];
}
interface RowsQueryResultHKT extends PgQueryResultHKT {
  readonly type: RowsResult<this["row"]>;
}

/** The query API both drivers share; nothing outside this module sees a driver. */
export type Db = PgDatabase<RowsQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  readonly db: Db;
  readonly kind: "pglite" | "postgres";
  /** True when the database answers `select 1` within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  /** Every NOTIFY on `channel` from any instance, and RESYNC_PAYLOAD when a lost connection is back. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** Sends NOTIFY (delivered when the surrounding transaction, if any, commits). */
  notify(channel: string, payload: string): Promise<void>;
  /** Waits for running queries, then closes the connection (and the PGlite lock). */
  close(): Promise<void>;
  /** For /metrics; `max` is the connections the pool may open (PGlite: its single connection). */
  connectionStats(): { max: number; open: number; inUse: number; waiting: number };
  /** PGlite only: a gzipped tarball of the data directory, taken between transactions. */
  dumpDataDir?(): Promise<Blob>;
}

async function notifyVia(db: Db, channel: string, payload: string) {
  assertChannelName(channel);
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

export type DatabaseOptions = (
  | { kind: "postgres"; url: string; poolSize?: number }
  /** `dataDir: null` keeps PGlite in memory (tests). */
  | { kind: "pglite"; dataDir: string | null }
) & {
  /** Runs before migrations are applied to a database that has data (a backup). */
  beforeMigrations?: BeforeMigrations;
  /** Another set of migrations (tests: the database an older version left). */
  migrationsFolder?: string;
};

export function findMigrationsFolder(): string {
  // Works from the source tree (tsx, Vitest) and from build/server/index.js.
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, "db", "migrations");
    if (fs.existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("db/migrations not found above " + import.meta.url);
    dir = parent;
  }
}

async function pingWithin(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const query = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function openPostgres({
  url,
  poolSize = 10,
  beforeMigrations,
  migrationsFolder = findMigrationsFolder(),
}: Extract<DatabaseOptions, { kind: "postgres" }>): Promise<DatabaseHandle> {
  const pool = createPostgresPool(url, poolSize);

  const client = await pool.connect();
  try {
    // Serialises migrations when several instances start against one Postgres at once.
    await client.query("select pg_advisory_lock($1)", [ADVISORY_LOCKS.migration]);
    if (beforeMigrations) {
      const migrations = await findPendingMigrations((text) => client.query(text), migrationsFolder);
      if (migrations.length > 0) await beforeMigrations({ migrations });
    }
    await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [ADVISORY_LOCKS.migration]).catch(() => {});
    client.release();
  }

  const db = drizzleNodePg(pool, { schema, casing: SCHEMA_CASING }) as unknown as Db;
  const listener = createPostgresListener(url);
  return {
    db,
    kind: "postgres",
    ping: (timeoutMs = 2_000) => pingWithin(db, timeoutMs),
    listen: (channel, onPayload) => listener.listen(channel, onPayload),
    notify: (channel, payload) => notifyVia(db, channel, payload),
    async close() {
      await listener.close();
      await pool.end();
    },
    connectionStats: () => ({
      max: poolSize,
      open: pool.totalCount,
      inUse: pool.totalCount - pool.idleCount,
      waiting: pool.waitingCount,
    }),
  };
}

/** Counts the queries PGlite is running or has queued, so close() can wait: closing mid-query wedges it. */
function trackInFlight(client: PGlite) {
  const inFlight = new Set<Promise<unknown>>();
  for (const method of ["query", "exec", "transaction"] as const) {
    const original = client[method].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      const pending = original(...args);
      inFlight.add(pending);
      const forget = () => inFlight.delete(pending);
      pending.then(forget, forget);
      return pending;
    };
  }
  return {
    async drain() {
      // Let queries that callers have already started reach the client.
      await new Promise((resolve) => setImmediate(resolve));
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    /** Calls made and not yet answered: PGlite runs one at a time, the rest queue. */
    count: () => inFlight.size,
  };
}

/**
 * PGlite runs each statement on the server's thread, a transaction's statements in microtasks: a turn of the event
 * loop before each keeps a long transaction from holding every request (decision 080).
 */
function yieldBeforeEachStatement(client: PGlite) {
  const runExclusiveQuery = client._runExclusiveQuery.bind(client);
  client._runExclusiveQuery = async (statement) => {
    await new Promise((resolve) => setImmediate(resolve));
    return runExclusiveQuery(statement);
  };
}

/** Where PGlite keeps its files inside DATA_DIR. */
export const pgliteFilesDir = (dataDir: string) => path.join(dataDir, "pglite");

// pg_trgm backs the inbox search index (migration 0005); Postgres ships it in contrib.
const PGLITE_EXTENSIONS = { pg_trgm };

async function openPglite({
  dataDir,
  beforeMigrations,
  migrationsFolder = findMigrationsFolder(),
}: Extract<DatabaseOptions, { kind: "pglite" }>): Promise<DatabaseHandle> {
  const releaseLock = dataDir === null ? () => {} : acquireDataDirLock(dataDir);
  let client: PGlite | undefined;
  try {
    client = await PGlite.create(dataDir === null ? undefined : pgliteFilesDir(dataDir), {
      extensions: PGLITE_EXTENSIONS,
    });
    if (beforeMigrations) {
      const opened = client;
      const migrations = await findPendingMigrations((text) => opened.query(text), migrationsFolder);
      if (migrations.length > 0) {
        await beforeMigrations({ migrations, dumpPglite: () => opened.dumpDataDir("gzip") });
      }
    }
    await migratePglite(drizzlePglite(client), { migrationsFolder });
  } catch (error) {
    // A client left open would keep the files busy for the next opener.
    await client?.close().catch(() => {});
    releaseLock();
    throw error;
  }
  const inFlight = trackInFlight(client);
  yieldBeforeEachStatement(client);

  const db = drizzlePglite(client, { schema, casing: SCHEMA_CASING }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    ping: (timeoutMs = 2_000) => pingWithin(db, timeoutMs),
    async listen(channel, onPayload) {
      assertChannelName(channel);
      const unsubscribe = await client.listen(channel, onPayload);
      return () => unsubscribe();
    },
    notify: (channel, payload) => notifyVia(db, channel, payload),
    async close() {
      try {
        await inFlight.drain();
        if (!client.closed) await client.close();
      } finally {
        releaseLock();
      }
    },
    connectionStats: () => ({
      max: 1,
      open: client.closed ? 0 : 1,
      inUse: Math.min(inFlight.count(), 1),
      waiting: Math.max(inFlight.count() - 1, 0),
    }),
    async dumpDataDir() {
      // Less WAL to replay on restore.
      await client.exec("checkpoint");
      // Every query and transaction holds this mutex: holding it waits out a
      // transaction between its statements, and keeps new ones out meanwhile.
      return client._runExclusiveTransaction(() => client.dumpDataDir("gzip"));
    },
  };
}

/** Runs `work` on the unmigrated PGlite of a data directory no process has open, under the data-dir lock. */
async function withStoppedPglite<T>(
  dataDir: string,
  work: (client: PGlite) => Promise<T>,
  loadDataDir?: Blob,
): Promise<T> {
  const releaseLock = acquireDataDirLock(dataDir);
  try {
    const client = await PGlite.create(pgliteFilesDir(dataDir), {
      extensions: PGLITE_EXTENSIONS,
      loadDataDir,
    });
    try {
      return await work(client);
    } finally {
      await client.close();
    }
  } finally {
    releaseLock();
  }
}

/** A gzipped tarball of a stopped data directory's database (DataDirLockedError while a server runs). */
export function dumpStoppedPglite(dataDir: string): Promise<Blob> {
  return withStoppedPglite(dataDir, (client) => client.dumpDataDir("gzip"));
}

/** Fills an empty data directory from a dumpDataDir tarball (no migrations: openDatabase applies them). */
export async function loadPgliteDump(dataDir: string, dump: Blob): Promise<void> {
  await withStoppedPglite(dataDir, async () => {}, dump);
}

/** Opens a database and applies the committed migrations. */
export function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === "postgres" ? openPostgres(options) : openPglite(options);
}

/** Postgres when DATABASE_URL is set, else PGlite in DATA_DIR/pglite. */
export function databaseOptionsFromEnv(env: Env): DatabaseOptions {
  return env.DATABASE_URL
    ? { kind: "postgres", url: env.DATABASE_URL }
    : { kind: "pglite", dataDir: path.resolve(env.DATA_DIR) };
}
