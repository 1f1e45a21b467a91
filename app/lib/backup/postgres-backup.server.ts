import pg from "pg";

/** Runs `work` on a session of its own, ended afterwards (which releases its advisory locks). */
async function withSession<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** What a restore would overwrite, and who would notice. */
export function inspectPostgresTarget(url: string): Promise<{ tables: number; otherSessions: number }> {
  return withSession(url, async (client) => {
    const { rows } = await client.query<{ tables: string; sessions: string }>(
      `select
         (select count(*) from pg_tables where schemaname not in ('pg_catalog', 'information_schema')) as tables,
         (select count(*) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()) as sessions`,
    );
    return { tables: Number(rows[0]?.tables), otherSessions: Number(rows[0]?.sessions) };
  });
}

/** Drops the site's schemas (its tables and Drizzle's migration log), leaving an empty `public`. */
export function emptyPostgresDatabase(url: string): Promise<void> {
  return withSession(url, async (client) => {
    await client.query("drop schema if exists drizzle cascade");
    await client.query("drop schema if exists public cascade");
    await client.query("create schema public");
  });
}

/** Runs `work` while this session holds advisory lock `id`; null at once when another session holds it. */
export function withPostgresAdvisoryLock<T>(
  url: string,
  id: number,
  work: () => Promise<T>,
): Promise<T | null> {
  return withSession(url, async (client) => {
    const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [
      id,
    ]);
    return rows[0]?.locked ? work() : null;
  });
}
