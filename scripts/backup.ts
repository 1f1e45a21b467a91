import fs from "node:fs";
import path from "node:path";
import type { Env } from "~/lib/env.server";
import { fail, parseCommandLine } from "./command-line";

const USAGE = `Usage: npm run backup -- [FILE] [--url http://127.0.0.1:PORT]

Writes one consistent backup of the database the server in this environment
uses, with the attachment files of received mail (DATA_DIR/attachments), as
one file. Without FILE: BACKUP_DIR (default ./backups)/backup-<UTC time>-<kind>.tar.gz,
and BACKUP_DIR then keeps the newest BACKUP_KEEP (default 7) backups.
  PostgreSQL (DATABASE_URL set): pg_dump in custom format, servers keep running.
  Embedded database (DATA_DIR): asks the running server to take it (it alone
  may open the data directory), or reads the directory when no server runs.
--url: where the running server listens, if not http://HOST:PORT from the environment.`;

const { values, positionals: positional } = parseCommandLine(
  USAGE,
  { url: { type: "string" } },
  { min: 0, max: 1 },
);
const url = values.url;

// Loaded once the arguments are read, so `--help` loads none of it (scripts/command-line.ts).
const { resolveAuthSecret } = await import("~/lib/auth/auth-secret.server");
const { backupFileName, pruneBackups } = await import("~/lib/backup/backup-files.server");
const { backupPgliteDump, backupPostgres, backupStoppedPglite, deriveBackupToken } =
  await import("~/lib/backup/backup.server");
const { DataDirLockedError } = await import("~/lib/db/data-dir-lock.server");
const { EnvError, getEnv } = await import("~/lib/env.server");
const { photosDir } = await import("~/lib/catalogue/photo-files.server");
const { BACKUP_PATH, BACKUP_TOKEN_HEADER } = await import("../server/backup");

let env: Env;
try {
  env = getEnv();
} catch (error) {
  if (error instanceof EnvError) fail(error.message);
  throw error;
}
const kind = env.DATABASE_URL ? "postgres" : "pglite";
const file = path.resolve(positional[0] ?? path.join(env.BACKUP_DIR ?? "backups", backupFileName(kind)));
if (fs.existsSync(file)) fail(`${file} exists: choose another name.`);

/** The server's own URL: HOST 0.0.0.0 or :: listens on loopback too. */
function localServerUrl(): string {
  const host = ["0.0.0.0", "::", ""].includes(env.HOST) ? "127.0.0.1" : env.HOST;
  return `http://${host.includes(":") ? `[${host}]` : host}:${env.PORT}`;
}

async function backupThroughServer(): Promise<void> {
  const target = url ?? localServerUrl();
  let response;
  try {
    response = await fetch(`${target}${BACKUP_PATH}`, {
      method: "POST",
      headers: { [BACKUP_TOKEN_HEADER]: deriveBackupToken(resolveAuthSecret(env)) },
    });
  } catch (error) {
    fail(`The data directory is in use, but no server answers at ${target} (${String(error)}). Use --url.`);
  }
  if (!response.ok) {
    fail(
      `The server at ${target} refused the backup (${response.status}): is it this DATA_DIR's server, and is BETTER_AUTH_SECRET (or DATA_DIR/auth-secret) the one it uses?`,
    );
  }
  const dump = await response.blob();
  await backupPgliteDump(async () => dump, env.DATA_DIR, file, photosDir(env));
}

try {
  if (kind === "postgres") await backupPostgres(env.DATABASE_URL!, env.DATA_DIR, file, photosDir(env));
  else {
    try {
      await backupStoppedPglite(env.DATA_DIR, file, photosDir(env));
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      await backupThroughServer();
    }
  }
} catch (error) {
  fail(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
}
console.log(`Backup written: ${file} (${fs.statSync(file).size} bytes)`);
// A scheduled run (deploy/systemd/volta-backup.timer) keeps BACKUP_DIR to
// BACKUP_KEEP, as the server's own schedule does: backups hold personal data.
if (positional[0] === undefined) {
  for (const removed of pruneBackups(path.dirname(file), env.BACKUP_KEEP)) console.log(`Removed ${removed}`);
}
