import { and, asc, eq, sql } from "drizzle-orm";
import { jobs } from "../../db/schema";
import type { Db } from "~/lib/db/db.server";
import type { JobRow } from "~/lib/jobs/job-kind.server";
import { runDueJobs } from "~/lib/jobs/job-worker.server";
import { type MailPayload, mailJob } from "~/lib/mail/mail-job.server";
import type { MailSender } from "~/lib/mail/mail.server";
import type { WebhookSender } from "~/lib/webhook/webhook-job.server";
import { webhookJob, webhookPayloadSchema } from "~/lib/webhook/webhook-job.server";
import type { z } from "zod";

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
  return runDueJobs(db, [mailJob], { mailer }, { now });
}

/** One pass of the worker over the due webhook jobs. */
export function runWebhookJobs(db: Db, webhooks: WebhookSender, now?: Date): Promise<number> {
  return runDueJobs(db, [webhookJob], { webhooks }, { now });
}
