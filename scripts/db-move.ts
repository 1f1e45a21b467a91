import path from "node:path";
import { DataDirLockedError } from "~/lib/db/data-dir-lock.server";
import { MoveRefusedError, moveToPostgres } from "~/lib/db/postgres-move.server";
import { configurationError, EnvError, getEnv } from "~/lib/env.server";
import { UnusableDirectoryError } from "~/lib/ops/private-files.server";
import { fail, parseCommandLine } from "./command-line";

const USAGE = `Usage: npm run db:move -- postgres://USER@HOST:PORT/DATABASE

Moves the embedded database in DATA_DIR (default ./data) into an EMPTY
PostgreSQL database, with the server stopped: applies the migrations there,
copies every table in one transaction and checks each table's row count.
The embedded database is left as it was (it is the way back). Then prints
what to set: DATABASE_URL, and BETTER_AUTH_SECRET from DATA_DIR/auth-secret
(the same secret keeps sessions, second factors and links working).
See docs/moving-to-postgres.md.`;

const { positionals } = parseCommandLine(USAGE, {}, { min: 1, max: 1 });
const url = positionals[0]!;
if (!/^postgres(ql)?:\/\//.test(url))
  fail(`Expected a postgres:// URL, got ${JSON.stringify(url)}.\n\n${USAGE}`);

/** The URL without its password, for the screen. */
function shown(value: string): string {
  const parsed = new URL(value);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

let dataDir: string;
try {
  dataDir = path.resolve(getEnv().DATA_DIR);
} catch (error) {
  if (error instanceof EnvError) fail(error.message);
  throw error;
}

let counts;
try {
  counts = await moveToPostgres(dataDir, url);
} catch (error) {
  if (error instanceof MoveRefusedError || error instanceof DataDirLockedError) fail(error.message);
  if (error instanceof UnusableDirectoryError) fail(configurationError("DATA_DIR", error.message));
  fail(
    `The move failed and the PostgreSQL database was emptied again: ${error instanceof Error ? error.message : String(error)}`,
  );
}

const width = Math.max(...counts.map((count) => count.table.length));
console.log(`Moved ${dataDir} into ${shown(url)}; every table's row count matches:`);
for (const count of counts) console.log(`  ${count.table.padEnd(width)}  ${count.target}`);
console.log(`
Next steps:
  1. Keep the server stopped. In its environment (e.g. the environment file), set
       DATABASE_URL=${shown(url)}   (with the real password)
       BETTER_AUTH_SECRET=<the line in ${path.join(dataDir, "auth-secret")}>
     The same secret keeps sessions, authenticators and e-mail links working;
     every instance on this database needs it.
  2. Keep DATA_DIR: mail written to files (without SMTP_URL) still goes to
     DATA_DIR/mail, and the embedded database there is the way back.
  3. Start the server, sign in, and check the inbox.
  4. Back up the new database: npm run backup (pg_dump).`);
