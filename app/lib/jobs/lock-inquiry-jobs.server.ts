import { inArray, type SQL } from "drizzle-orm";
import { contactSubmissions, jobs } from "~db/schema";
import type { Db } from "~/lib/db/db.server";

/**
 * Call in a transaction that deletes inquiries, before the delete. Deleting
 * an inquiry sets its jobs' `inquiry_id` to null, so it locks the inquiry
 * and then each of its jobs; a worker finishing one of those jobs locks the
 * job and then the inquiry (its notification state). Taking the jobs first
 * gives both the same order: one waits for the other instead of deadlocking.
 */
export async function lockJobsOfInquiries(tx: Db, inquiries: SQL | undefined): Promise<void> {
  await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      inArray(
        jobs.inquiry_id,
        tx.select({ id: contactSubmissions.id }).from(contactSubmissions).where(inquiries),
      ),
    )
    .for("update");
}
