import { getTableName, sql } from "drizzle-orm";
import { type RetentionConfig, retention } from "~/content/retention";
import { ADVISORY_LOCKS } from "~/lib/db/advisory-locks";
import type { Db } from "~/lib/db/db.server";
import { logger } from "~/lib/ops/logger.server";
import { cronForInterval } from "~/lib/jobs/interval-cron";
import { defineScheduledJobKind } from "~/lib/jobs/scheduled-job.server";
import { fileDeclarations, tableDeclarations } from "~/lib/privacy/declarations/index.server";
import type { StorageDirs } from "~/lib/privacy/declarations/types";

export { daysBefore, monthsBefore } from "~/lib/privacy/declarations/declare-table.server";

/** `ran` is false when another instance was running it; accounts warned count for `user`. */
interface RetentionResult {
  ran: boolean;
  counts: Record<string, number>;
}

/**
 * Applies every declared retention rule once, as of `now`. Across instances one holds its own advisory
 * lock (not the backup's, which must not stop the periods) and the others return at once. Files go after
 * the rows commit.
 */
export async function runRetention(
  db: Db,
  options: { now: Date; siteUrl: string; config?: RetentionConfig; dirs?: StorageDirs },
): Promise<RetentionResult> {
  const { now, siteUrl, config = retention, dirs = {} } = options;
  const run = { now, siteUrl, config, dirs };
  const result = await db.transaction(async (tx): Promise<RetentionResult> => {
    const { rows } = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS.retention}) as locked`,
    );
    if (!rows[0]?.locked) return { ran: false, counts: {} };
    const counts: Record<string, number> = {};
    for (const declaration of tableDeclarations) {
      if (declaration.retention?.kind === "own") {
        counts[getTableName(declaration.table)] = await declaration.retention.apply(tx, run);
      }
    }
    return { ran: true, counts };
  });
  if (!result.ran) return result;
  for (const declaration of fileDeclarations) {
    if (declaration.retention?.kind === "own") {
      result.counts[declaration.name] = await declaration.retention.apply(db, run);
    }
  }
  return result;
}

/** Every `jobIntervalHours`; a run missed while no instance ran happens at start. Logs counts, never content. */
export const retentionJob = defineScheduledJobKind({
  kind: "retention",
  schedule: { cron: retentionCron(retention.jobIntervalHours) },
  async run({ asOf }, { database, env }) {
    const { ran, counts } = await runRetention(database.db, {
      now: asOf,
      siteUrl: env.SITE_URL,
      dirs: { dataDir: env.DATA_DIR, backupDir: env.BACKUP_DIR },
    });
    if (ran) logger.info({ retention: counts }, "retention job ran");
    else logger.debug("retention job skipped: another instance is running it");
  },
});

function retentionCron(hours: number): string {
  const cron = cronForInterval(hours * 60 * 60 * 1000);
  // The notice promises deletion within this many hours: a schedule that drifted would break it.
  if (!cron) throw new Error(`retention.jobIntervalHours must divide a day, not ${hours}`);
  return cron;
}
