import { inArray, type SQL } from "drizzle-orm";
import { contactSubmissions, jobs } from "~db/schema";
import type { Db } from "~/lib/db/db.server";

/**
 * Call before deleting inquiries: a worker locks a job and then its inquiry, so the delete takes the jobs first
 * too, and one waits for the other instead of deadlocking.
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
