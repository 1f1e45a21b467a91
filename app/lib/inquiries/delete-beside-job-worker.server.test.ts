import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactSubmissions, jobs } from "~db/schema";
import { numberedInquiry } from "../../../tests/support/inbox-fixtures";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { deleteInquiry } from "~/lib/inquiries/inquiry-actions.server";

// Only Postgres has two connections at once; PGlite runs one transaction at a time.
describe.runIf(process.env.TEST_DATABASE_URL)(
  "deleting a lead while a worker finishes one of its jobs",
  () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase("postgres");
    });
    afterAll(async () => {
      await database?.dispose();
    });

    /** Resolves once some other connection waits for a lock. */
    async function someoneWaitsForALock() {
      await expect
        .poll(async () => {
          const waiting = await database.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          return (waiting.rows[0] as { n: number }).n;
        })
        .toBeGreaterThan(0);
    }

    it("waits for the worker instead of deadlocking: both commit", async () => {
      const [lead] = await database.db
        .insert(contactSubmissions)
        .values(numberedInquiry(1))
        .returning({ id: contactSubmissions.id });
      const [job] = await database.db
        .insert(jobs)
        .values({ kind: "mail", payload: {}, inquiry_id: lead!.id })
        .returning({ id: jobs.id });

      // The worker's order: the job done first, then the lead's notification state.
      let deleting: Promise<boolean> | undefined;
      await database.db.transaction(async (tx) => {
        await tx
          .update(jobs)
          .set({ done_at: sql`now()` })
          .where(eq(jobs.id, job!.id));
        deleting = deleteInquiry(database.db, lead!.id);
        await someoneWaitsForALock();
        await tx
          .update(contactSubmissions)
          .set({ notified_at: sql`now()` })
          .where(eq(contactSubmissions.id, lead!.id));
      });
      await expect(deleting).resolves.toBe(true);
      const [kept] = await database.db
        .select({ inquiryId: jobs.inquiry_id, doneAt: jobs.done_at })
        .from(jobs);
      expect(kept).toEqual({ inquiryId: null, doneAt: expect.any(Date) });
    });
  },
);
