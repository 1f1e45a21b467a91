import pg from "pg";

/** What a restore would overwrite, and who would notice. */
export async function inspectPostgresTarget(url: string): Promise<{ tables: number; otherSessions: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: string; sessions: string }>(
      `select
         (select count(*) from pg_tables where schemaname not in ('pg_catalog', 'information_schema')) as tables,
         (select count(*) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()) as sessions`,
    );
    return { tables: Number(rows[0]?.tables), otherSessions: Number(rows[0]?.sessions) };
  } finally {
    await client.end();
  }
}

/** Drops the site's schemas (its tables and Drizzle's migration log), leaving an empty `public`. */
export async function emptyPostgresDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("drop schema if exists drizzle cascade");
    await client.query("drop schema if exists public cascade");
    await client.query("create schema public");
  } finally {
    await client.end();
  }
}

/**
 * Runs `work` while this session holds advisory lock `id`, or returns null
 * at once when another session (another instance) holds it.
 */
export async function withPostgresAdvisoryLock<T>(
  url: string,
  id: number,
  work: () => Promise<T>,
): Promise<T | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [
      id,
    ]);
    if (!rows[0]?.locked) return null;
    return await work();
  } finally {
    // Ending the session releases the lock.
    await client.end();
  }
}
