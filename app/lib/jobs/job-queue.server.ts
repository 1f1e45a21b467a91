/**
 * Enqueueing a job: a row of `jobs`, written with the caller's handle, so
 * inside the caller's transaction it exists exactly when what it is about
 * does (an acknowledged inquiry never loses its mail). The insert's trigger
 * notifies JOBS_CHANNEL when that transaction commits, which wakes the
 * worker of every instance; nothing in this process needs to be told.
 *
 * Why no queue library: BullMQ and Bee-Queue need Redis, which the enqueue
 * cannot share a transaction with. pg-boss and graphile-worker migrate a
 * schema of their own at run time (outside the committed migrations,
 * backups and restore tests) and need a server with advisory locks and
 * several connections: neither runs on PGlite, the default database.
 */
import { jobs } from "~db/schema";
import type { Db } from "~/lib/db/db.server";
import type { JobKind } from "~/lib/jobs/job-kind.server";

/** Notified (by a trigger on `jobs`) when a transaction that enqueued jobs commits. */
export const JOBS_CHANNEL = "jobs_enqueued";

type EnqueueOptions = { inquiryId?: string | null; id?: string };

function jobValues<Payload>(kind: JobKind<Payload, never>, payload: Payload, options: EnqueueOptions) {
  return {
    ...(options.id ? { id: options.id } : {}),
    kind: kind.kind,
    payload: kind.parse(payload) as Record<string, unknown>,
    inquiry_id: options.inquiryId ?? null,
  };
}

/**
 * Queues one job of `kind`. The payload is checked against the kind's
 * schema first: a bad one throws and, inside a transaction, rolls it back.
 * Returns the job's id (`id` when given: a webhook's delivery id is known
 * before its body is built).
 */
export async function enqueueJob<Payload>(
  db: Db,
  kind: JobKind<Payload, never>,
  payload: Payload,
  options: EnqueueOptions = {},
): Promise<string> {
  const [row] = await db
    .insert(jobs)
    .values(jobValues(kind, payload, options))
    .returning({ id: jobs.id });
  return row!.id;
}

/**
 * Queues the job `uniqueKey` names unless a job with that key exists (queued,
 * running, done or given up on): whoever enqueues it, on whichever instance,
 * it is one row, so it runs once. Returns the new job's id, or null when the
 * key was taken.
 */
export async function enqueueJobOnce<Payload>(
  db: Db,
  kind: JobKind<Payload, never>,
  payload: Payload,
  uniqueKey: string,
  options: EnqueueOptions = {},
): Promise<string | null> {
  const [row] = await db
    .insert(jobs)
    .values({ ...jobValues(kind, payload, options), unique_key: uniqueKey })
    .onConflictDoNothing({ target: jobs.unique_key })
    .returning({ id: jobs.id });
  return row?.id ?? null;
}
