import fs from "node:fs";
import path from "node:path";
import { backupFileName, listBackups, pruneBackups } from "./backup-files.server";
import { backupPgliteDump, backupPostgres } from "./backup.server";
import type { DatabaseHandle } from "../db/db.server";
import type { Env } from "../env.server";
import { logger } from "../ops/logger.server";
import { ensurePrivateDir } from "../ops/private-files.server";
import { withPostgresAdvisoryLock } from "./postgres-backup.server";
import { ADVISORY_LOCKS } from "../db/advisory-locks";

// One scheduled backup at a time, across instances.
export const BACKUP_LOCK_ID = ADVISORY_LOCKS.backup;

/** Takes one backup into BACKUP_DIR and prunes the old ones; null when another instance has it in hand. */
export async function takeScheduledBackup(database: DatabaseHandle, env: Env): Promise<string | null> {
  const dir = path.resolve(env.BACKUP_DIR!);
  ensurePrivateDir(dir, { tighten: true });
  if (database.kind === "pglite") {
    const file = path.join(dir, backupFileName("pglite"));
    await backupPgliteDump(() => database.dumpDataDir!(), env.DATA_DIR, file);
    pruneBackups(dir, env.BACKUP_KEEP);
    return file;
  }

  // Several instances share the database: the advisory lock lets one dump at
  // a time, and a backup in a shared BACKUP_DIR younger than half the
  // interval means another instance has just taken this period's.
  return withPostgresAdvisoryLock(env.DATABASE_URL!, BACKUP_LOCK_ID, async () => {
    const newest = listBackups(dir).at(-1);
    if (newest && Date.now() - fs.statSync(newest).mtimeMs < env.BACKUP_INTERVAL! / 2) return null;
    const file = path.join(dir, backupFileName("postgres"));
    await backupPostgres(env.DATABASE_URL!, env.DATA_DIR, file);
    pruneBackups(dir, env.BACKUP_KEEP);
    return file;
  });
}

/**
 * Every BACKUP_INTERVAL, a backup into BACKUP_DIR keeping the newest
 * BACKUP_KEEP. Off unless BACKUP_INTERVAL is set. Resolves the returned stop
 * function once a backup under way has finished.
 */
export function startBackupScheduler(database: DatabaseHandle, env: Env): () => Promise<void> {
  if (env.BACKUP_INTERVAL === null) return async () => {};
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = takeScheduledBackup(database, env).then(
      (file) => file && logger.info({ file }, "scheduled backup written"),
      (error: unknown) => logger.error({ err: error }, "scheduled backup failed"),
    );
  }, env.BACKUP_INTERVAL);
  timer.unref();
  logger.info(
    { dir: env.BACKUP_DIR, everyMs: env.BACKUP_INTERVAL, keep: env.BACKUP_KEEP },
    "backups scheduled",
  );
  return async () => {
    clearInterval(timer);
    await running;
  };
}
