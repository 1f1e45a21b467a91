import { backupBeforeMigrations } from "~/lib/backup/backup-before-migrations.server";
import { DataDirLockedError } from "~/lib/db/data-dir-lock.server";
import { databaseOptionsFromEnv, openDatabase } from "~/lib/db/db.server";
import { configurationError, EnvError, getEnv } from "~/lib/env.server";
import { UnusableDirectoryError } from "~/lib/ops/private-files.server";
import { fail, parseCommandLine } from "./command-line";

const USAGE = `Usage: npm run db:migrate

Applies this version's database migrations to DATABASE_URL, else to the
embedded database in DATA_DIR (default ./data; the server must be stopped).
A database with data gets a backup first, in BACKUP_DIR (else DATA_DIR/backups).
The server does the same at start; this runs them without starting it.`;

parseCommandLine(USAGE, {}, { min: 0, max: 0 });

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
