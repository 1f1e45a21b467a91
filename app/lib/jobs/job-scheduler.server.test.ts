import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "~db/schema";
import { scheduledDeps } from "../../../tests/support/job-rows";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { type DatabaseHandle, openDatabase } from "~/lib/db/db.server";
import { parseEnv } from "~/lib/env.server";
import { morningDigestJob } from "~/lib/inquiries/desk-schedule.server";
import { weeklyReportJob } from "~/lib/reports/weekly-report-mail.server";
import { backupJob } from "~/lib/backup/backup-job.server";
import { claimDueJobs } from "~/lib/jobs/job-claim.server";
import { cronForInterval } from "~/lib/jobs/interval-cron";
import {
  enqueueDueRuns,
  scheduledKinds,
  scheduledRunKey,
  startScheduler,
} from "~/lib/jobs/job-scheduler.server";
import { runDueJobs } from "~/lib/jobs/job-worker.server";
import { defineScheduledJobKind, runOnce } from "~/lib/jobs/scheduled-job.server";

const ENV = parseEnv({ BETTER_AUTH_SECRET: "x".repeat(32) });
/** 08:00 UK time on Monday 17 June 2030 (BST). */
const EIGHT_UK = new Date("2030-06-17T07:00:00Z");
const MINUTE = 60_000;

/** The work each run of the test kinds did, by scheduled time. */
const worked: string[] = [];

/** A kind as a feature adds one: a cron expression in UK time and the work of one run. */
const tallyJob = defineScheduledJobKind({
  kind: "test-tally",
  schedule: { cron: "0 8 * * *", timezone: "Europe/London" },
  async run({ scheduledFor }) {
    // Long enough for the other instance's worker to look for work meanwhile.
    await new Promise((resolve) => setImmediate(resolve));
    worked.push(scheduledFor.toISOString());
  },
});

/** A kind whose work must happen once even if its run is repeated (the digest's pattern). */
const onceJob = defineScheduledJobKind({
  kind: "test-once",
  schedule: { cron: "* * * * *" },
  async run({ scheduledFor }, { database }, job) {
    await runOnce(database.db, job, async () => {
      worked.push(scheduledFor.toISOString());
    });
  },
});

describe.each(testBackends)("the scheduler on %s", (backend) => {
  const database = useTestDatabase(backend, [jobs]);
  /** A second connection pool to the same database, as a second instance has (Postgres only). */
  let second: DatabaseHandle | null = null;
  beforeAll(async () => {
    second = database.url ? await openDatabase({ kind: "postgres", url: database.url, poolSize: 2 }) : null;
  });
  afterAll(async () => {
    await second?.close();
  });

  it("two instances sharing one database enqueue and run a due scheduled kind exactly once for one scheduled time", async () => {
    worked.length = 0;
    const scheduled = scheduledKinds([tallyJob], ENV);
    const instances = [database, second ?? database];
    // Both start at the scheduled time, and both tick again within the minute (a late timer).
    const enqueued = await Promise.all(
      instances.flatMap((instance) => [
        startScheduler(instance.db, scheduled, { now: () => EIGHT_UK }).then(async (scheduler) => {
          await scheduler.stop();
          return 0;
        }),
        enqueueDueRuns(instance.db, scheduled, new Date(EIGHT_UK.getTime() + 30_000)).then(
          (keys) => keys.length,
        ),
      ]),
    );
    expect(enqueued.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(1);
    const rows = await database.db.select().from(jobs).where(eq(jobs.kind, tallyJob.kind));
    expect(rows.map((row) => row.unique_key)).toEqual(["test-tally:2030-06-17T07:00Z"]);
    expect(rows[0]?.payload).toEqual({ scheduledFor: EIGHT_UK.toISOString() });

    // Both instances' workers race for it, several passes each.
    const drain = async (instance: DatabaseHandle) => {
      const deps = scheduledDeps(instance);
      while ((await runDueJobs(instance.db, [tallyJob], deps)) > 0) {
        // keep claiming while there is work
      }
    };
    await Promise.all(instances.flatMap((instance) => [drain(instance), drain(instance)]));
    expect(worked).toEqual([EIGHT_UK.toISOString()]);
    const [done] = await database.db.select().from(jobs).where(eq(jobs.kind, tallyJob.kind));
    expect(done?.done_at).toBeInstanceOf(Date);

    // The same time, enqueued again after it ran (a restart): the key is taken.
    expect(await enqueueDueRuns(database.db, scheduled, EIGHT_UK)).toEqual([]);
    // The next day's time is a new run.
    expect(
      await enqueueDueRuns(database.db, scheduled, new Date(EIGHT_UK.getTime() + 24 * 60 * MINUTE)),
    ).toEqual(["test-tally:2030-06-18T07:00Z"]);
  });

  it("a run repeated after it outlived its claim (or its worker died before marking it done) does its work once", async () => {
    worked.length = 0;
    const scheduled = scheduledKinds([onceJob], ENV);
    const deps = scheduledDeps(database);
    await enqueueDueRuns(database.db, scheduled, EIGHT_UK);
    // A worker claims the run and does its work, then dies before the queue marks it done.
    const [job] = await claimDueJobs(database.db, [onceJob.kind], undefined, 10);
    await onceJob.run(job!, deps);
    // Two minutes on the claim has lapsed; another worker finds nothing to redo.
    const later = new Date(Date.now() + 3 * MINUTE);
    expect(await runDueJobs(database.db, [onceJob], deps, { now: later })).toBe(0);
    expect(worked).toEqual([EIGHT_UK.toISOString()]);
  });
});

describe("schedules", () => {
  const times = (kinds: Parameters<typeof scheduledKinds>[0], from: string, count: number) =>
    scheduledKinds(kinds, ENV)[0]!
      .times.nextRuns(count, new Date(from))
      .map((date) => date.toISOString());

  it("keep the digest at 08:00 UK time across the clock changes", () => {
    expect(times([morningDigestJob], "2030-03-29T12:00:00Z", 3)).toEqual([
      "2030-03-30T08:00:00.000Z",
      "2030-03-31T07:00:00.000Z",
      "2030-04-01T07:00:00.000Z",
    ]);
    expect(times([morningDigestJob], "2030-10-26T12:00:00Z", 2)).toEqual([
      "2030-10-27T08:00:00.000Z",
      "2030-10-28T08:00:00.000Z",
    ]);
  });

  it("keep the weekly report on Mondays at 08:00 UK time", () => {
    expect(times([weeklyReportJob], "2030-10-20T00:00:00Z", 2)).toEqual([
      "2030-10-21T07:00:00.000Z",
      "2030-10-28T08:00:00.000Z",
    ]);
  });

  it("name a run by its kind and scheduled minute, the same on every instance", () => {
    expect(scheduledRunKey("morning-digest", new Date("2030-06-17T07:00:00.000Z"))).toBe(
      "morning-digest:2030-06-17T07:00Z",
    );
  });

  it("take backups every BACKUP_INTERVAL as a cron expression, only where it is set", () => {
    expect(scheduledKinds([backupJob], ENV)).toEqual([]);
    const env = parseEnv({ BETTER_AUTH_SECRET: "x".repeat(32), BACKUP_DIR: "/tmp/b", BACKUP_INTERVAL: "6h" });
    expect(scheduledKinds([backupJob], env)[0]?.schedule.cron).toBe("0 */6 * * *");
    expect(
      ["1min", "15min", "30min", "60min", "1h", "8h", "12h", "1d"].map((value) =>
        cronForInterval(parseEnv({ BACKUP_DIR: "/tmp/b", BACKUP_INTERVAL: value }).BACKUP_INTERVAL!),
      ),
    ).toEqual([
      "*/1 * * * *",
      "*/15 * * * *",
      "*/30 * * * *",
      "0 */1 * * *",
      "0 */1 * * *",
      "0 */8 * * *",
      "0 */12 * * *",
      "0 0 * * *",
    ]);
    // A period a cron expression cannot keep exactly is refused with the reason.
    for (const value of ["7min", "90min", "5h", "2d"]) {
      expect(() => parseEnv({ BACKUP_DIR: "/tmp/b", BACKUP_INTERVAL: value })).toThrow(
        /BACKUP_INTERVAL: expected minutes that divide an hour/,
      );
    }
  });
});
