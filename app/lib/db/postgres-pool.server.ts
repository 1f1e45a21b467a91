import pg from "pg";
import { logger } from "~/lib/ops/logger.server";

/**
 * Hands a checked-out client back to the pool, as broken, the moment its connection ends: Drizzle's transaction()
 * sends BEGIN before its try/finally, so a connection that died idle would fail on BEGIN and its slot be lost.
 */
function releaseWhenConnectionEnds(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  const releaseOnce = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.off("end", onEnd);
    release(error);
  };
  const onEnd = () => releaseOnce(new Error("postgres connection ended while checked out"));
  client.once("end", onEnd);
  client.release = releaseOnce;
  return client;
}

export function createPostgresPool(url: string, poolSize: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // pool.query() uses the callback form and always releases; only checkouts by callers need the guard.
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | undefined;
  pool.connect = ((callback?: unknown) =>
    callback ? connect(callback) : connect()!.then(releaseWhenConnectionEnds)) as typeof pool.connect;
  // Unhandled, a lost connection's error event would crash the process, idle or checked out; a caller still
  // sees the failure through its query.
  pool.on("error", (error) => logger.warn({ err: error.message }, "postgres idle client error"));
  pool.on("connect", (client) => {
    client.on("error", (error) => logger.debug({ err: error.message }, "postgres connection lost"));
  });
  return pool;
}
