import type { z } from "zod";
import type { jobs } from "~db/schema";
import type { Db } from "~/lib/db/db.server";
import type { Env } from "~/lib/env.server";

export type JobRow = typeof jobs.$inferSelect;

/** How one attempt ended, as a kind may record it beside the job's own state. */
export type JobOutcome = { done: true } | { done: false; error: string; giveUp: boolean; attempts: number };

/** A five-field cron expression read in `timezone` (UTC when absent). */
export interface JobSchedule {
  cron: string;
  timezone?: string;
  /** Whether a run missed while no instance was running is still worth running at `now` (by default it is). */
  catchUp?(scheduledFor: Date, now: Date): boolean;
}

/** A kind's schedule, or how the settings give it one (null: not scheduled with these settings). */
export type JobScheduleSetting = JobSchedule | ((env: Env) => JobSchedule | null);

/**
 * How long a run may take before the worker stops waiting for it and goes on with the queue. The run is not stopped
 * (nothing can stop a promise): it keeps its claim until it ends, so it never runs twice at once.
 */
const JOB_TIME_LIMIT_MS = 5 * 60_000;

/** A kind of job: its name (also the `kind` label in /metrics), its payload's schema, and how to run it. */
interface JobKindSpec<Payload, Deps> {
  kind: string;
  payloadSchema: z.ZodType<Payload>;
  /** Does the work once, or throws: the queue retries on its one plan. */
  run(payload: Payload, job: JobRow, deps: Deps): Promise<void>;
  /** Records an attempt's outcome where the app shows it, in the transaction that stores the job's state. */
  record?(tx: Db, payload: Payload, job: JobRow, outcome: JobOutcome): Promise<void>;
  schedule?: JobScheduleSetting;
  /** JOB_TIME_LIMIT_MS unless the kind's work is long by nature (a backup). */
  timeLimitMs?: number;
}

/** A kind as the worker sees it: the payload is parsed (and checked) inside. */
export interface JobKind<Payload, Deps> {
  readonly kind: string;
  /** Checks a payload before it is stored; throws a ZodError on a bad one. */
  parse(payload: unknown): Payload;
  run(job: JobRow, deps: Deps): Promise<void>;
  record(tx: Db, job: JobRow, outcome: JobOutcome): Promise<void>;
  readonly schedule?: JobScheduleSetting;
  readonly timeLimitMs: number;
}

export function defineJobKind<Payload, Deps>(spec: JobKindSpec<Payload, Deps>): JobKind<Payload, Deps> {
  const parse = (payload: unknown) => spec.payloadSchema.parse(payload);
  return {
    kind: spec.kind,
    ...(spec.schedule ? { schedule: spec.schedule } : {}),
    timeLimitMs: spec.timeLimitMs ?? JOB_TIME_LIMIT_MS,
    parse,
    run: (job, deps) => spec.run(parse(job.payload), job, deps),
    async record(tx, job, outcome) {
      if (!spec.record) return;
      // A payload that no longer parses has failed its run already; nothing to record.
      const parsed = spec.payloadSchema.safeParse(job.payload);
      if (parsed.success) await spec.record(tx, parsed.data, job, outcome);
    },
  };
}
