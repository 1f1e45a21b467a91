import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { jobs } from "~db/schema";
import type { AppServices } from "~/lib/context.server";
import type { Db } from "~/lib/db/db.server";
import {
  defineJobKind,
  type JobKind,
  type JobRow,
  type JobScheduleSetting,
} from "~/lib/jobs/job-kind.server";

/** The payload of every scheduled run: the time it was due. */
const ScheduledRunSchema = z.object({ scheduledFor: z.iso.datetime() });
type ScheduledRunPayload = z.infer<typeof ScheduledRunSchema>;

/** What a scheduled run's work may use: the settings and the database. */
export type ScheduledJobDeps = Pick<AppServices, "env" | "database">;

/**
 * A kind that runs by the clock. A run works as of the later of its scheduled time and the clock, so one caught
 * up after a restart reads the present.
 */
export function defineScheduledJobKind(spec: {
  kind: string;
  schedule: JobScheduleSetting;
  timeLimitMs?: number;
  run(run: { scheduledFor: Date; asOf: Date }, deps: ScheduledJobDeps, job: JobRow): Promise<void>;
}): JobKind<ScheduledRunPayload, ScheduledJobDeps> {
  return defineJobKind({
    kind: spec.kind,
    payloadSchema: ScheduledRunSchema,
    schedule: spec.schedule,
    ...(spec.timeLimitMs ? { timeLimitMs: spec.timeLimitMs } : {}),
    run(payload, job, deps: ScheduledJobDeps) {
      const scheduledFor = new Date(payload.scheduledFor);
      const asOf = new Date(Math.max(scheduledFor.getTime(), Date.now()));
      return spec.run({ scheduledFor, asOf }, deps, job);
    },
  });
}

/**
 * Does a run's work in the transaction that marks its job done, for work that must happen exactly once: the queue
 * alone runs a job at least once.
 */
export async function runOnce<Result>(
  db: Db,
  job: Pick<JobRow, "id">,
  work: (tx: Db) => Promise<Result>,
): Promise<Result | "already-done"> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ doneAt: jobs.done_at })
      .from(jobs)
      .where(eq(jobs.id, job.id))
      .for("update");
    if (!row || row.doneAt) return "already-done";
    const result = await work(tx);
    await tx
      .update(jobs)
      .set({ done_at: sql`now()` })
      .where(eq(jobs.id, job.id));
    return result;
  });
}
