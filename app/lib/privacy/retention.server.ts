import { getTableName, sql } from "drizzle-orm";
import { type RetentionConfig, retention } from "~/content/retention";
import { ADVISORY_LOCKS } from "../db/advisory-locks";
import type { Db } from "../db/db.server";
import { logger } from "../ops/logger.server";
import { startPeriodicJob } from "../ops/periodic-job.server";
import { fileDeclarations, tableDeclarations } from "./declarations/index.server";
import type { StorageDirs } from "./declarations/types";

export { daysBefore, monthsBefore } from "./declarations/inquiry-tables.server";

export interface RetentionResult {
  /** False when another instance was running the job: this run did nothing. */
  ran: boolean;
  /** Rows (or files) deleted per declared table or file kind; accounts warned count for `user`. */
  counts: Record<string, number>;
}

/**
 * Applies every declared retention rule once, as of `now`, in declaration
 * order. Safe to run from several instances at the same time: one holds a
 * transaction-scoped advisory lock of its own (not the backup's: a backup
 * must not stop the periods from being applied) and does the work; the
 * others find it taken and return at once. Running it again deletes nothing
 * new, and no row inside its period is touched. Files go after the rows
 * commit.
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

export interface RetentionJobOptions {
  /** The clock; tests pass their own. */
  now?: () => Date;
  intervalMs?: number;
  /** Not at once: a starting server has other work, and a restart loop would run it on every start. */
  firstRunDelayMs?: number;
  /** For the links in the warning mails (SITE_URL). */
  siteUrl: string;
  /** DATA_DIR (mail files) and BACKUP_DIR (backups). */
  dirs?: StorageDirs;
}

/**
 * Runs the retention job in the background every `jobIntervalHours`, and
 * stops it when the server shuts down. Returns the stop function, which
 * resolves once a run in progress has finished. Logs counts, never content.
 */
export function startRetentionJob(db: Db, options: RetentionJobOptions): () => Promise<void> {
  const {
    now = () => new Date(),
    intervalMs = retention.jobIntervalHours * 60 * 60 * 1000,
    firstRunDelayMs = 60_000,
    siteUrl,
    dirs,
  } = options;
  return startPeriodicJob({
    intervalMs,
    firstRunDelayMs,
    run: () =>
      runRetention(db, { now: now(), siteUrl, dirs })
        .then(({ ran, counts }) => {
          if (ran) logger.info({ retention: counts }, "retention job ran");
          else logger.debug("retention job skipped: another instance is running it");
        })
        .catch((error: unknown) => logger.error({ err: error }, "retention job failed")),
  });
}
