import { eq } from "drizzle-orm";
import { jobs } from "~db/schema";
import type { DatabaseHandle, Db } from "~/lib/db/db.server";
import { logger } from "~/lib/ops/logger.server";
import { countJobAttempt, countJobOverrun, declareJobKinds } from "~/lib/ops/metrics.server";
import { CLAIM_MS, claimDueJobs, planRetry, renewClaims } from "~/lib/jobs/job-claim.server";
import type { JobKind, JobRow } from "~/lib/jobs/job-kind.server";
import { JOBS_CHANNEL } from "~/lib/jobs/job-queue.server";

// The payload type is each kind's own business; the worker only routes by name.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobKind<Deps> = JobKind<any, Deps>;

async function recordDone(db: Db, kind: AnyJobKind<never>, job: JobRow) {
  await db.transaction(async (tx) => {
    await tx
      .update(jobs)
      .set({ done_at: new Date(), locked_until: null, last_error: null, attempts: job.attempts + 1 })
      .where(eq(jobs.id, job.id));
    await kind.record(tx, job, { done: true });
  });
  countJobAttempt(job.kind, "done");
}

async function recordFailure(db: Db, kind: AnyJobKind<never>, job: JobRow, error: unknown, now?: Date) {
  const failedAt = new Date();
  const { attempts, message, giveUp, set } = planRetry(job.attempts, error, failedAt, now ?? failedAt);
  await db.transaction(async (tx) => {
    await tx.update(jobs).set(set).where(eq(jobs.id, job.id));
    await kind.record(tx, job, { done: false, error: message, giveUp, attempts });
  });
  countJobAttempt(job.kind, giveUp ? "failed" : "retry");
  logger.warn({ jobId: job.id, kind: job.kind, attempts, giveUp, err: message }, "job failed");
}

/** One attempt at a job, recorded as done or failed; `release` when the run itself has ended. */
async function attemptJob(
  db: Db,
  kind: AnyJobKind<never>,
  job: JobRow,
  run: () => Promise<void>,
  release: () => void,
  now?: Date,
) {
  try {
    await run();
    release();
    await recordDone(db, kind, job);
  } catch (error) {
    release();
    await recordFailure(db, kind, job, error, now);
  }
}

/** True when `work` settles within `ms`; false when the time is up first. */
async function settlesWithin(work: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([work.then(() => true), timeUp]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs the due jobs of `kinds` once each; returns how many it tried. A run past its kind's time limit is left to
 * finish on its own, still claimed, and added to `overrunning` until it ends: one run that never ends must not
 * hold up every job behind it.
 */
export async function runDueJobs<Deps>(
  db: Db,
  kinds: readonly AnyJobKind<NoInfer<Deps>>[],
  deps: Deps,
  options: { now?: Date; batch?: number; claimMs?: number; overrunning?: Set<Promise<void>> } = {},
): Promise<number> {
  const byName = new Map(kinds.map((kind) => [kind.kind, kind]));
  const claimMs = options.claimMs ?? CLAIM_MS;
  const claimed = await claimDueJobs(db, [...byName.keys()], options.now, options.batch ?? 10, claimMs);
  if (claimed.length === 0) return 0;
  const held = new Set(claimed.map((job) => job.id));
  const renewal = setInterval(() => {
    renewClaims(db, [...held], claimMs).catch((error: unknown) =>
      logger.warn({ err: error }, "job worker: claims not renewed"),
    );
  }, claimMs / 3);
  renewal.unref();
  const release = (id: string) => {
    held.delete(id);
    if (held.size === 0) clearInterval(renewal);
  };
  const overrun = new Set<string>();
  try {
    for (const job of claimed) {
      // On PGlite a job's statements run on this thread and resolve as microtasks, so a pass would hold the event
      // loop for all its jobs: waiting a turn before each lets requests that arrived meanwhile be answered first.
      await new Promise((resolve) => setImmediate(resolve));
      const kind = byName.get(job.kind)!;
      const attempt = attemptJob(
        db,
        kind,
        job,
        () => kind.run(job, deps),
        () => release(job.id),
        options.now,
      );
      if (await settlesWithin(attempt, kind.timeLimitMs)) continue;

      overrun.add(job.id);
      countJobOverrun(job.kind, 1);
      logger.error(
        { jobId: job.id, kind: job.kind, timeLimitMs: kind.timeLimitMs },
        "job still running past its time limit: the queue goes on without it",
      );
      const ending: Promise<void> = attempt
        .catch((error: unknown) => logger.error({ err: error, jobId: job.id }, "job worker error"))
        .finally(() => {
          countJobOverrun(job.kind, -1);
          options.overrunning?.delete(ending);
        });
      options.overrunning?.add(ending);
    }
  } finally {
    // Jobs an error kept from starting wait for their claim to lapse; an overrunning one keeps its claim.
    for (const id of [...held]) if (!overrun.has(id)) release(id);
  }
  return claimed.length;
}

/** Passes over the due jobs on every kick and every `pollMs`, one pass at a time, while a pass finds work. */
function startWorkerLoop(pollMs: number, pass: () => Promise<number>, overrunning: Set<Promise<void>>) {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;

  const drain = async () => {
    while (!stopped && (await pass()) > 0) {
      // keep going while there is a backlog
    }
  };
  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => logger.error({ err: error }, "job worker error"))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        }
      });
  };

  const timer = setInterval(kick, pollMs);
  timer.unref();
  kick();

  return {
    kick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      await Promise.all(overrunning);
    },
  };
}

/** Runs jobs when a transaction that enqueued some commits on any instance, and every `pollMs` for retries. */
export async function startJobWorker<Deps>(
  database: DatabaseHandle,
  kinds: readonly AnyJobKind<NoInfer<Deps>>[],
  deps: Deps,
  pollMs = 5_000,
) {
  declareJobKinds(kinds.map((kind) => kind.kind));
  const overrunning = new Set<Promise<void>>();
  const worker = startWorkerLoop(
    pollMs,
    () => runDueJobs(database.db, kinds, deps, { overrunning }),
    overrunning,
  );
  // Without the notification (a lost connection) the poll still finds every job.
  const unlisten = await database
    .listen(JOBS_CHANNEL, () => worker.kick())
    .catch((error: unknown) => {
      logger.warn({ err: error }, "job worker: not woken by new jobs, polling only");
      return async () => {};
    });
  return {
    kick: worker.kick,
    async stop() {
      await unlisten();
      await worker.stop();
    },
  };
}
