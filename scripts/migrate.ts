import { fail, parseCommandLine } from "./command-line";

const USAGE = `Usage: npm run db:migrate

Applies this version's database migrations to DATABASE_URL, else to the
embedded database in DATA_DIR (default ./data; the server must be stopped).
A database with data gets a backup first, in BACKUP_DIR (else DATA_DIR/backups).
The server does the same at start; this runs them without starting it.`;

parseCommandLine(USAGE, {}, { min: 0, max: 0 });

// Loaded once the arguments are read, so `--help` loads none of it (scripts/command-line.ts).
const { backupBeforeMigrations } = await import("~/lib/backup/backup-before-migrations.server");
const { DataDirLockedError } = await import("~/lib/db/data-dir-lock.server");
const { databaseOptionsFromEnv, openDatabase } = await import("~/lib/db/db.server");
const { configurationError, EnvError, getEnv } = await import("~/lib/env.server");
const { UnusableDirectoryError } = await import("~/lib/ops/private-files.server");

try {
  const env = getEnv();
  const database = await openDatabase({
    ...databaseOptionsFromEnv(env),
    beforeMigrations: backupBeforeMigrations(env),
  });
  console.log(`Migrations applied (${database.kind}).`);
  await database.close();
} catch (error) {
  if (error instanceof EnvError || error instanceof DataDirLockedError) fail(error.message);
  if (error instanceof UnusableDirectoryError) fail(configurationError("DATA_DIR", error.message));
  throw error;
}
