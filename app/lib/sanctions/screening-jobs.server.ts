import { asc, gt } from "drizzle-orm";
import { z } from "zod";
import { contactSubmissions } from "~db/schema";
import { RESCREEN_BATCH } from "~/content/sanctions";
import type { AppServices } from "~/lib/context.server";
import type { Db } from "~/lib/db/db.server";
import { defineJobKind } from "~/lib/jobs/job-kind.server";
import { enqueueJob } from "~/lib/jobs/job-queue.server";
import { findCurrentListVersion, screenInquiries } from "~/lib/sanctions/screening.server";

type ScreeningDeps = Pick<AppServices, "env" | "database">;

/** Screens one inquiry against the version in use; before any import there is nothing to screen against. */
export const screenInquiryJob = defineJobKind({
  kind: "sanctions-screen",
  payloadSchema: z.object({ inquiryId: z.uuid() }),
  async run({ inquiryId }, _job, { database, env }: ScreeningDeps) {
    const version = await findCurrentListVersion(database.db);
    if (version) await screenInquiries(database.db, [inquiryId], version.id, env.SANCTIONS_MATCH_THRESHOLD);
  },
});

/** Queues the screening of a new inquiry, in the transaction that stores it. */
export async function enqueueInquiryScreening(db: Db, inquiryId: string): Promise<void> {
  await enqueueJob(db, screenInquiryJob, { inquiryId }, { inquiryId });
}

/**
 * Screens every inquiry against a newly imported version, in batches by id, each its own transaction.
 * A version no longer in use by the time it runs is skipped: the newer one has its own job.
 */
export async function rescreenAllInquiries(db: Db, versionId: string, threshold: number): Promise<number> {
  let after: string | null = null;
  let screened = 0;
  for (;;) {
    const current = await findCurrentListVersion(db);
    if (current?.id !== versionId) return screened;
    const rows: { id: string }[] = await db
      .select({ id: contactSubmissions.id })
      .from(contactSubmissions)
      .where(after ? gt(contactSubmissions.id, after) : undefined)
      .orderBy(asc(contactSubmissions.id))
      .limit(RESCREEN_BATCH);
    if (rows.length === 0) return screened;
    await screenInquiries(
      db,
      rows.map((row) => row.id),
      versionId,
      threshold,
    );
    screened += rows.length;
    after = rows.at(-1)!.id;
  }
}

export const rescreenJob = defineJobKind({
  kind: "sanctions-rescreen",
  payloadSchema: z.object({ versionId: z.uuid() }),
  async run({ versionId }, _job, { database, env }: ScreeningDeps) {
    await rescreenAllInquiries(database.db, versionId, env.SANCTIONS_MATCH_THRESHOLD);
  },
});
