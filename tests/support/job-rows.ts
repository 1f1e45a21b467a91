import { and, asc, eq, sql } from "drizzle-orm";
import { jobs } from "../../db/schema";
import type { DatabaseHandle, Db } from "~/lib/db/db.server";
import { parseEnv } from "~/lib/env.server";
import type { JobRow } from "~/lib/jobs/job-kind.server";
import { type ScheduledKind, startScheduler } from "~/lib/jobs/job-scheduler.server";
import { type AnyJobKind, runDueJobs } from "~/lib/jobs/job-worker.server";
import type { ScheduledJobDeps } from "~/lib/jobs/scheduled-job.server";
import { type MailPayload, mailJob } from "~/lib/mail/mail-job.server";
import type { MailSender } from "~/lib/mail/mail.server";
import type { WebhookSender } from "~/lib/webhook/webhook-job.server";
import { webhookJob, webhookPayloadSchema } from "~/lib/webhook/webhook-job.server";
import type { z } from "zod";
import { TEST_ENV } from "./test-context";

/** Mail jobs (oldest first; only those for `purpose` if given), each with its payload beside the queue's columns. */
export async function mailJobs(db: Db, purpose?: string): Promise<(JobRow & MailPayload)[]> {
  const rows = await db
    .select()
    .from(jobs)
    .where(
      and(eq(jobs.kind, mailJob.kind), purpose ? sql`${jobs.payload}->>'purpose' = ${purpose}` : undefined),
    )
    .orderBy(asc(jobs.created_at));
  return rows.map((row) => ({ ...row, ...(row.payload as MailPayload) }));
}

/** Webhook jobs (oldest first), each with its payload beside the queue's columns. */
export async function webhookJobs(db: Db): Promise<(JobRow & z.infer<typeof webhookPayloadSchema>)[]> {
  const rows = await db
    .select()
    .from(jobs)
    .where(eq(jobs.kind, webhookJob.kind))
    .orderBy(asc(jobs.created_at));
  return rows.map((row) => ({ ...row, ...webhookPayloadSchema.parse(row.payload) }));
}

/** One pass of the worker over the due mail jobs, as the server's worker runs it. */
export function runMailJobs(db: Db, mailer: MailSender, now?: Date): Promise<number> {
  return runDueJobs(db, [mailJob], { mailer, database: { db } }, { now });
}

/** One pass of the worker over the due webhook jobs. */
export function runWebhookJobs(db: Db, webhooks: WebhookSender, now?: Date): Promise<number> {
  return runDueJobs(db, [webhookJob], { webhooks }, { now });
}

/** What a scheduled run gets from the server: the settings (TEST_ENV with `env`) and the database. */
export function scheduledDeps(
  database: DatabaseHandle,
  env: Record<string, string | undefined> = {},
): ScheduledJobDeps {
  return { database, env: parseEnv({ ...TEST_ENV, ...env }) };
}

/**
 * One server start as far as the clock's work goes: its scheduler enqueues
 * what is due at `now` (and stops, so no timer outlives the test), then its
 * worker runs the due runs of `kinds`. Returns how many runs it ran.
 */
export async function startAndRunScheduled(
  db: Db,
  scheduled: readonly ScheduledKind<ScheduledJobDeps>[],
  deps: ScheduledJobDeps,
  now: Date,
): Promise<number> {
  const scheduler = await startScheduler(db, scheduled, { now: () => now });
  await scheduler.stop();
  const kinds: AnyJobKind<ScheduledJobDeps>[] = scheduled.map(({ kind }) => kind);
  let ran = 0;
  for (let pass = await runDueJobs(db, kinds, deps); pass > 0; pass = await runDueJobs(db, kinds, deps))
    ran += pass;
  return ran;
}
