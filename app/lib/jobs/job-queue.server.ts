/**
 * A job is a row of `jobs` written in the caller's transaction, so it exists exactly when what it is about does.
 * No queue library: Redis-based ones cannot share that transaction, and pg-boss and graphile-worker migrate their
 * own schema at run time and do not run on PGlite.
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

/** Queues one job of `kind`; a payload its schema refuses throws (and rolls back the caller's transaction). */
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

/** Queues the job `uniqueKey` names unless one with that key ever existed; null when the key was taken. */
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
