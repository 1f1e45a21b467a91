import pg from "pg";

/**
 * Creates an empty database on the Postgres server of `serverUrl` and returns
 * its URL: a fresh, isolated database for each test run or benchmark. With
 * `template`, the new database is a copy of that one (which no session may
 * be connected to).
 */
export async function createScratchPostgresDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<string> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const from = template ? ` template "${template.replaceAll('"', '""')}"` : "";
    await client.query(`create database "${name}"${from}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropScratchPostgresDatabase(serverUrl: string, databaseUrl: string): Promise<void> {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name.replaceAll('"', '""')}" with (force)`);
  } finally {
    await client.end();
  }
}
