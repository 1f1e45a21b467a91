import path from "node:path";
import { DataDirLockedError } from "~/lib/db/data-dir-lock.server";
import { MoveRefusedError, moveToPostgres } from "./postgres-move";
import { configurationError, EnvError, parseEnv } from "~/lib/env.server";
import { UnusableDirectoryError } from "~/lib/ops/private-files.server";
import type { CommandOutput } from "./admin-command";

/** The URL without its password, for the screen. */
function shown(value: string): string {
  const parsed = new URL(value);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

/**
 * `npm run db:move -- <url>` once its argument is read, as a function that
 * returns the exit code: scripts/db-move.ts runs it for the command line;
 * tests call it in-process.
 */
export async function runDbMove(
  url: string,
  source: Record<string, string | undefined>,
  out: CommandOutput,
): Promise<number> {
  let dataDir: string;
  try {
    dataDir = path.resolve(parseEnv(source).DATA_DIR);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    out.error(error.message);
    return 1;
  }

  let counts;
  try {
    counts = await moveToPostgres(dataDir, url);
  } catch (error) {
    if (error instanceof MoveRefusedError || error instanceof DataDirLockedError) out.error(error.message);
    else if (error instanceof UnusableDirectoryError)
      out.error(configurationError("DATA_DIR", error.message));
    else
      out.error(
        `The move failed and the PostgreSQL database was emptied again: ${error instanceof Error ? error.message : String(error)}`,
      );
    return 1;
  }

  const width = Math.max(...counts.map((count) => count.table.length));
  out.log(`Moved ${dataDir} into ${shown(url)}; every table's row count matches:`);
  for (const count of counts) out.log(`  ${count.table.padEnd(width)}  ${count.target}`);
  out.log(`
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
  return 0;
}
