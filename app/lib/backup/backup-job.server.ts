import fs from "node:fs";
import path from "node:path";
import { listBackups, pruneBackups } from "~/lib/backup/backup-files.server";
import { backupInto } from "~/lib/backup/backup.server";
import type { DatabaseHandle } from "~/lib/db/db.server";
import type { Env } from "~/lib/env.server";
import { logger } from "~/lib/ops/logger.server";
import { ensurePrivateDir } from "~/lib/ops/private-files.server";
import { withPostgresAdvisoryLock } from "~/lib/backup/postgres-backup.server";
import { ADVISORY_LOCKS } from "~/lib/db/advisory-locks";
import { cronForInterval } from "~/lib/jobs/interval-cron";
import { defineScheduledJobKind } from "~/lib/jobs/scheduled-job.server";

// One scheduled backup at a time, across instances.
export const BACKUP_LOCK_ID = ADVISORY_LOCKS.backup;

/** Takes one backup into BACKUP_DIR and prunes the old ones; null when another instance has it in hand. */
export async function takeScheduledBackup(database: DatabaseHandle, env: Env): Promise<string | null> {
  const dir = path.resolve(env.BACKUP_DIR!);
  ensurePrivateDir(dir, { tighten: true });
  const take = async () => {
    const file = await backupInto(dir, env, database.dumpDataDir && (() => database.dumpDataDir!()));
    pruneBackups(dir, env.BACKUP_KEEP);
    return file;
  };
  if (database.kind === "pglite") return take();

  // One dump at a time across instances; a backup younger than half the interval is this period's.
  return withPostgresAdvisoryLock(env.DATABASE_URL!, BACKUP_LOCK_ID, async () => {
    const newest = listBackups(dir).at(-1);
    if (newest && Date.now() - fs.statSync(newest).mtimeMs < env.BACKUP_INTERVAL! / 2) return null;
    return take();
  });
}

/** Only instances with BACKUP_INTERVAL set schedule and run it, so a backup is written where its settings point. */
export const backupJob = defineScheduledJobKind({
  kind: "backup",
  // A dump of a large database takes minutes; past this it is worth an operator's look.
  timeLimitMs: 60 * 60_000,
  schedule: (env) => {
    const cron = env.BACKUP_INTERVAL === null ? null : cronForInterval(env.BACKUP_INTERVAL);
    return cron ? { cron } : null;
  },
  async run(_run, { database, env }) {
    const file = await takeScheduledBackup(database, env);
    if (file) logger.info({ file }, "scheduled backup written");
    else logger.info("scheduled backup skipped: another instance has just taken one");
  },
});
