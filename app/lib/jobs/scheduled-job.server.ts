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

interface ScheduledRun {
  /** The time the run was due (its key names it). */
  scheduledFor: Date;
  /**
   * The time the run works as of: the later of its scheduled time and the
   * clock, so a run caught up after a restart reads the present, and a
   * run's figures never come from before the time it stands for.
   */
  asOf: Date;
}

/**
 * A kind that runs by the clock: its schedule, and the work of one run. The
 * payload is the scheduled time; the queue retries a run that throws.
 */
export function defineScheduledJobKind(spec: {
  kind: string;
  schedule: JobScheduleSetting;
  run(run: ScheduledRun, deps: ScheduledJobDeps, job: JobRow): Promise<void>;
}): JobKind<ScheduledRunPayload, ScheduledJobDeps> {
  return defineJobKind({
    kind: spec.kind,
    payloadSchema: ScheduledRunSchema,
    schedule: spec.schedule,
    run(payload, job, deps: ScheduledJobDeps) {
      const scheduledFor = new Date(payload.scheduledFor);
      const asOf = new Date(Math.max(scheduledFor.getTime(), Date.now()));
      return spec.run({ scheduledFor, asOf }, deps, job);
    },
  });
}

/**
 * Does a run's work in one transaction that also marks its job done, for
 * work that must happen exactly once (a mail queued for the admins). The
 * queue alone runs a job at least once: a run that outlives its claim, or
 * a crash between the work and the job's "done", would run it again. Here a
 * second attempt waits for the first's transaction and then finds the job
 * done; work that fails rolls back with the mark, and the queue retries it.
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
