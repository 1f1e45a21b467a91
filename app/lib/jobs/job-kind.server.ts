import type { z } from "zod";
import type { jobs } from "../../../db/schema";
import type { Db } from "../db/db.server";

export type JobRow = typeof jobs.$inferSelect;

/** How one attempt ended, as a kind may record it beside the job's own state. */
export type JobOutcome = { done: true } | { done: false; error: string; giveUp: boolean; attempts: number };

/**
 * What a kind of job is: its name (jobs.kind, and the `kind` label in
 * /metrics), the schema of its payload, and how to run it. Adding a kind is
 * one of these and its place in the composition root's list; the queue,
 * the claim, the retries and the metrics are the same for every kind.
 * `Deps` is what the run needs from the composition root (a mail
 * transport, a webhook sender, …).
 */
export interface JobKindSpec<Payload, Deps> {
  kind: string;
  payloadSchema: z.ZodType<Payload>;
  /** Does the work once, or throws: the queue retries on its one plan. */
  run(payload: Payload, job: JobRow, deps: Deps): Promise<void>;
  /**
   * Records an attempt's outcome where the app shows it (e.g. on an
   * inquiry), in the transaction that stores the job's new state.
   */
  record?(tx: Db, payload: Payload, job: JobRow, outcome: JobOutcome): Promise<void>;
}

/** A kind as the worker sees it: the payload is parsed (and checked) inside. */
export interface JobKind<Payload, Deps> {
  readonly kind: string;
  /** Checks a payload before it is stored; throws a ZodError on a bad one. */
  parse(payload: unknown): Payload;
  run(job: JobRow, deps: Deps): Promise<void>;
  record(tx: Db, job: JobRow, outcome: JobOutcome): Promise<void>;
}

export function defineJobKind<Payload, Deps>(spec: JobKindSpec<Payload, Deps>): JobKind<Payload, Deps> {
  const parse = (payload: unknown) => spec.payloadSchema.parse(payload);
  return {
    kind: spec.kind,
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
