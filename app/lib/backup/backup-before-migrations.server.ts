import path from "node:path";
import type { BeforeMigrations } from "~/lib/db/pending-migrations.server";
import type { Env } from "~/lib/env.server";
import { logger } from "~/lib/ops/logger.server";
import { ensurePrivateDir } from "~/lib/ops/private-files.server";
import { FALLBACK_BACKUP_DIR } from "~/lib/backup/backup-files.server";
import { backupInto } from "~/lib/backup/backup.server";

/** The log line a start that migrates writes, with `file` and `migrations`: the runbook quotes it. */
export const BACKUP_BEFORE_MIGRATIONS_MESSAGE = "backup before migrations written";

/** BACKUP_DIR, else DATA_DIR/backups: the one directory a hardened service may always write. */
export function preMigrationBackupDir(env: Env): string {
  return path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR, FALLBACK_BACKUP_DIR));
}

/** A backup before a database with data is migrated; its failure stops the start, so there is a way back. */
export function backupBeforeMigrations(env: Env): BeforeMigrations {
  return async ({ migrations, dumpPglite }) => {
    const dir = preMigrationBackupDir(env);
    ensurePrivateDir(dir, { tighten: true });
    const started = Date.now();
    const file = await backupInto(dir, env, dumpPglite);
    logger.info({ file, migrations, ms: Date.now() - started }, BACKUP_BEFORE_MIGRATIONS_MESSAGE);
  };
}
