/**
 * Every instance runs this scheduler: a run's key (kind and scheduled minute) makes each scheduled time one job
 * whoever enqueues it first. croner reads cron in an IANA time zone and computes past times for the catch-up.
 */
import { Cron } from "croner";
import type { Db } from "~/lib/db/db.server";
import type { Env } from "~/lib/env.server";
import { logger } from "~/lib/ops/logger.server";
import type { JobSchedule } from "~/lib/jobs/job-kind.server";
import { enqueueJobOnce } from "~/lib/jobs/job-queue.server";
import type { AnyJobKind } from "~/lib/jobs/job-worker.server";

/** A kind with its schedule as these settings give it. */
export interface ScheduledKind<Deps = never> {
  kind: AnyJobKind<Deps>;
  schedule: JobSchedule;
  /** The expression, parsed: for the times it was due (no timer). */
  times: Cron;
}

function parseSchedule(kind: string, schedule: JobSchedule): Cron {
  try {
    return new Cron(schedule.cron, { timezone: schedule.timezone, mode: "5-part" });
  } catch (error) {
    throw new Error(`job kind ${kind}: bad schedule "${schedule.cron}": ${String(error)}`, { cause: error });
  }
}

/** The kinds of `kinds` that run by the clock with these settings. Throws on a bad cron expression. */
export function scheduledKinds<Deps>(kinds: readonly AnyJobKind<Deps>[], env: Env): ScheduledKind<Deps>[] {
  return kinds.flatMap((kind) => {
    const schedule = typeof kind.schedule === "function" ? kind.schedule(env) : kind.schedule;
    return schedule ? [{ kind, schedule, times: parseSchedule(kind.kind, schedule) }] : [];
  });
}

/** The latest time the schedule was due, at or before `now`. */
export function latestScheduledTime(times: Cron, now: Date): Date | null {
  // croner counts a time in the same second as the reference as past: a timer on the dot must find its own.
  return times.previousRuns(1, new Date(now.getTime() + 1))[0] ?? null;
}

/** The run's key on the queue: the same on every instance for one scheduled time. */
export function scheduledRunKey(kind: string, scheduledFor: Date): string {
  return `${kind}:${scheduledFor.toISOString().slice(0, 16)}Z`;
}

/** Enqueues the latest due run of each kind unless its key is taken or it is no longer worth running. */
export async function enqueueDueRuns(
  db: Db,
  scheduled: readonly ScheduledKind<never>[],
  now: Date,
): Promise<string[]> {
  const enqueued: string[] = [];
  for (const { kind, schedule, times } of scheduled) {
    const scheduledFor = latestScheduledTime(times, now);
    if (!scheduledFor) continue;
    if (schedule.catchUp && !schedule.catchUp(scheduledFor, now)) continue;
    const key = scheduledRunKey(kind.kind, scheduledFor);
    const id = await enqueueJobOnce(db, kind, { scheduledFor: scheduledFor.toISOString() }, key);
    if (id) enqueued.push(key);
  }
  return enqueued;
}

/** Enqueues what came due while no instance was running, then each due time as it comes. */
export async function startScheduler(
  db: Db,
  scheduled: readonly ScheduledKind<never>[],
  options: { now?: () => Date } = {},
) {
  const now = options.now ?? (() => new Date());
  const caughtUp = await enqueueDueRuns(db, scheduled, now());
  if (caughtUp.length > 0) logger.debug({ runs: caughtUp }, "scheduled runs enqueued at start");

  const inFlight = new Set<Promise<unknown>>();
  const timers = scheduled.map(
    (entry) =>
      new Cron(
        entry.schedule.cron,
        { timezone: entry.schedule.timezone, mode: "5-part", unref: true, protect: true },
        () => {
          const tick = enqueueDueRuns(db, [entry], now()).then(
            () => undefined,
            (error: unknown) =>
              logger.error({ err: error, kind: entry.kind.kind }, "scheduling a run failed"),
          );
          inFlight.add(tick);
          return tick.finally(() => inFlight.delete(tick));
        },
      ),
  );
  return {
    async stop() {
      for (const timer of timers) timer.stop();
      await Promise.all(inFlight);
    },
  };
}
