import { count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { contactSubmissions, jobs } from "~db/schema";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { type DatabaseHandle, openDatabase } from "~/lib/db/db.server";
import { renderMetrics } from "~/lib/ops/metrics.server";
import { MAX_ATTEMPTS, retryDelayMs } from "~/lib/jobs/job-claim.server";
import { defineJobKind, type JobOutcome } from "~/lib/jobs/job-kind.server";
import { enqueueJob } from "~/lib/jobs/job-queue.server";
import { runDueJobs } from "~/lib/jobs/job-worker.server";

/** What the test kinds' runs need: where they note what they did, and whether to fail. */
interface TestDeps {
  ran: string[];
  failing: boolean;
}

/** A kind as a new feature would add one: a payload schema and a run, nothing else. */
const echoJob = defineJobKind({
  kind: "test-echo",
  payloadSchema: z.object({ word: z.string().min(1) }),
  async run(payload, job, deps: TestDeps) {
    if (deps.failing) throw new Error(`no echo for ${payload.word}`);
    deps.ran.push(job.id);
  },
});

/** A second kind, which also records each outcome (as mail records on the inquiry). */
const outcomes: { word: string; outcome: JobOutcome }[] = [];
const recordedJob = defineJobKind({
  kind: "test-recorded",
  payloadSchema: z.object({ word: z.string() }),
  async run(payload, job, deps: TestDeps) {
    if (deps.failing) throw new Error(`refused ${payload.word}`);
    deps.ran.push(job.id);
  },
  async record(_tx, payload, _job, outcome) {
    outcomes.push({ word: payload.word, outcome });
  },
});

const KINDS = [echoJob, recordedJob];

/** A job that runs until its deps let it finish, as a long send or scan does. */
const slowJob = defineJobKind({
  kind: "test-slow",
  payloadSchema: z.object({ word: z.string() }),
  async run(_payload, _job, deps: { started: () => void; finish: Promise<void> }) {
    deps.started();
    await deps.finish;
  },
});

/** A job whose run ends only when its deps let it, with a time limit far shorter than that. */
const stuckJob = defineJobKind({
  kind: "test-stuck",
  payloadSchema: z.object({ word: z.string() }),
  timeLimitMs: 100,
  async run(_payload, job, deps: TestDeps & { finish: Promise<void> }) {
    await deps.finish;
    deps.ran.push(job.id);
  },
});

describe.each(testBackends)("the job queue on %s", (backend) => {
  const database = useTestDatabase(backend, [jobs, contactSubmissions]);
  /** A second connection pool to the same database, as a second instance has (Postgres only). */
  let second: DatabaseHandle | null = null;
  beforeAll(async () => {
    second = database.url ? await openDatabase({ kind: "postgres", url: database.url, poolSize: 2 }) : null;
  });
  afterAll(async () => {
    await second?.close();
  });

  const jobRows = () => database.db.select().from(jobs).orderBy(jobs.created_at);

  it("runs a new kind given only its schema and run, once", async () => {
    const id = await enqueueJob(database.db, echoJob, { word: "hello" });
    const deps: TestDeps = { ran: [], failing: false };
    expect(await runDueJobs(database.db, KINDS, deps)).toBe(1);
    expect(deps.ran).toEqual([id]);
    const [row] = await jobRows();
    expect(row).toMatchObject({
      kind: "test-echo",
      payload: { word: "hello" },
      attempts: 1,
      last_error: null,
    });
    expect(row?.done_at).toBeInstanceOf(Date);
    expect(await runDueJobs(database.db, KINDS, deps)).toBe(0);
  });

  it("retries every kind on one plan and gives up once at the limit, recording each outcome", async () => {
    outcomes.length = 0;
    await enqueueJob(database.db, recordedJob, { word: "stubborn" });
    const deps: TestDeps = { ran: [], failing: true };
    // A millisecond on: the database stamped the job in microseconds, which a
    // Date of the same millisecond would put after this clock.
    let now = new Date(Date.now() + 1);
    await runDueJobs(database.db, KINDS, deps, { now });
    let [row] = await jobRows();
    expect(row).toMatchObject({
      attempts: 1,
      last_error: "refused stubborn",
      done_at: null,
      failed_at: null,
    });
    expect(row!.next_attempt_at.getTime()).toBe(now.getTime() + retryDelayMs(1));
    // Not due yet.
    expect(await runDueJobs(database.db, KINDS, deps, { now })).toBe(0);

    for (let attempt = 2; attempt <= MAX_ATTEMPTS + 1; attempt++) {
      now = new Date(now.getTime() + retryDelayMs(attempt - 1) + 1_000);
      await runDueJobs(database.db, KINDS, deps, { now });
    }
    [row] = await jobRows();
    expect(row?.attempts).toBe(MAX_ATTEMPTS);
    expect(row?.failed_at).toBeInstanceOf(Date);
    expect(deps.ran).toEqual([]);
    expect(outcomes).toHaveLength(MAX_ATTEMPTS);
    expect(outcomes.filter(({ outcome }) => !outcome.done && outcome.giveUp)).toHaveLength(1);
    expect(outcomes.at(-1)?.outcome).toEqual({
      done: false,
      giveUp: true,
      attempts: MAX_ATTEMPTS,
      error: "refused stubborn",
    });
  });

  it("refuses a payload its kind's schema rejects: the caller's transaction stores nothing", async () => {
    const attempt = database.db.transaction(async (tx) => {
      await tx.insert(contactSubmissions).values({ name: "A", email: "a@example.test", message: "m" });
      await enqueueJob(tx, echoJob, { word: "" });
    });
    await expect(attempt).rejects.toThrow(z.ZodError);
    expect(await jobRows()).toEqual([]);
    const [inquiries] = await database.db.select({ n: count() }).from(contactSubmissions);
    expect(inquiries?.n).toBe(0);
  });

  it("a job enqueued in a transaction exists exactly when the transaction commits", async () => {
    const rolledBack = database.db.transaction(async (tx) => {
      await enqueueJob(tx, echoJob, { word: "lost" });
      throw new Error("the caller's work failed");
    });
    await expect(rolledBack).rejects.toThrow("the caller's work failed");
    expect(await jobRows()).toEqual([]);

    await database.db.transaction(async (tx) => {
      await tx.insert(contactSubmissions).values({ name: "B", email: "b@example.test", message: "m" });
      await enqueueJob(tx, echoJob, { word: "kept" });
    });
    expect((await jobRows()).map((row) => row.payload)).toEqual([{ word: "kept" }]);
  });

  it("a worker claims only the kinds it runs", async () => {
    await enqueueJob(database.db, echoJob, { word: "mine" });
    await enqueueJob(database.db, recordedJob, { word: "not mine" });
    const deps: TestDeps = { ran: [], failing: false };
    expect(await runDueJobs(database.db, [echoJob], deps)).toBe(1);
    const pending = await database.db.select().from(jobs).where(eq(jobs.kind, recordedJob.kind));
    expect(pending).toMatchObject([{ attempts: 0, done_at: null, locked_until: null }]);
  });

  it("runs each job once when two instances' workers race for them", async () => {
    const ids = [];
    for (let i = 0; i < 30; i++) ids.push(await enqueueJob(database.db, echoJob, { word: `job-${i}` }));
    const deps: TestDeps = { ran: [], failing: false };
    // Small batches, several passes per instance at once: the claims overlap.
    const drain = async (db: typeof database.db) => {
      while ((await runDueJobs(db, KINDS, deps, { batch: 3 })) > 0) {
        // keep claiming while there is work
      }
    };
    await Promise.all([drain(database.db), drain(second?.db ?? database.db), drain(database.db)]);
    expect([...deps.ran].sort()).toEqual([...ids].sort());
  });

  it("renews the claims of a running batch, so a second worker never takes a job that is still held", async () => {
    const claimMs = 900;
    const first = await enqueueJob(database.db, slowJob, { word: "long" });
    const queued = await enqueueJob(database.db, slowJob, { word: "waiting in the batch" });
    let finish = () => {};
    let started = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    const deps = { started, finish: new Promise<void>((resolve) => (finish = resolve)) };
    const pass = runDueJobs(database.db, [slowJob], deps, { claimMs });
    await running;
    const claimOf = async (id: string) =>
      (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!.locked_until!.getTime();
    const firstClaim = await claimOf(queued);
    const dbNow = async () =>
      new Date((await database.db.execute<{ now: Date }>(sql`select now() as now`)).rows[0]!.now).getTime();
    // Past the claim the batch took: only the renewals keep the two jobs this worker's.
    await expect.poll(dbNow, { timeout: 10_000, interval: 50 }).toBeGreaterThan(firstClaim + 100);
    expect(await claimOf(queued)).toBeGreaterThan(firstClaim);
    const other = { started: () => {}, finish: Promise.resolve() };
    expect(await runDueJobs(second?.db ?? database.db, [slowJob], other, { claimMs })).toBe(0);

    finish();
    expect(await pass).toBe(2);
    const rows = await database.db
      .select()
      .from(jobs)
      .where(inArray(jobs.id, [first, queued]));
    expect(rows.map((row) => [row.attempts, row.done_at !== null, row.locked_until])).toEqual([
      [1, true, null],
      [1, true, null],
    ]);
  });

  it("job hang: a run that does not end holds up neither the jobs behind it nor its claim, and runs once", async () => {
    const claimMs = 900;
    const stuck = await enqueueJob(database.db, stuckJob, { word: "hangs" });
    const behind = [
      await enqueueJob(database.db, echoJob, { word: "behind" }),
      await enqueueJob(database.db, recordedJob, { word: "behind too" }),
    ];
    let finish = () => {};
    const deps = {
      ran: [] as string[],
      failing: false,
      finish: new Promise<void>((resolve) => (finish = resolve)),
    };
    const overrunning = new Set<Promise<void>>();
    const gauge = async () =>
      Number(
        /^jobs_overrunning\{kind="test-stuck"\} (\S+)$/m.exec((await renderMetrics(database)).body)?.[1] ?? 0,
      );

    // The pass ends while the stuck run goes on: the jobs behind it were done meanwhile.
    expect(await runDueJobs(database.db, [stuckJob, ...KINDS], deps, { claimMs, overrunning })).toBe(3);
    expect([...deps.ran].sort()).toEqual([...behind].sort());
    expect(overrunning.size).toBe(1);
    expect(await gauge()).toBe(1);

    // Its claim is still renewed, so no other worker starts it a second time.
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, stuck));
    expect(row).toMatchObject({ attempts: 0, done_at: null });
    const dbNow = async () =>
      new Date((await database.db.execute<{ now: Date }>(sql`select now() as now`)).rows[0]!.now).getTime();
    await expect
      .poll(dbNow, { timeout: 10_000, interval: 50 })
      .toBeGreaterThan(row!.locked_until!.getTime() + 100);
    const other = { ...deps, ran: [] as string[] };
    expect(await runDueJobs(second?.db ?? database.db, [stuckJob], other, { claimMs })).toBe(0);

    // When it ends at last, it is recorded as any run is.
    finish();
    await Promise.all(overrunning);
    expect(overrunning.size).toBe(0);
    expect(deps.ran).toContain(stuck);
    expect(other.ran).toEqual([]);
    const [ended] = await database.db.select().from(jobs).where(eq(jobs.id, stuck));
    expect(ended).toMatchObject({ attempts: 1, locked_until: null, last_error: null });
    expect(ended!.done_at).not.toBeNull();
    expect(await gauge()).toBe(0);
  });

  it("shows pending, failed and processed jobs in /metrics by kind", async () => {
    await enqueueJob(database.db, echoJob, { word: "waiting" });
    await enqueueJob(database.db, echoJob, { word: "waiting too" });
    await database.db.insert(jobs).values({
      kind: recordedJob.kind,
      payload: { word: "given up" },
      attempts: MAX_ATTEMPTS,
      failed_at: new Date(),
    });
    const sample = (text: string, line: string) => {
      const match = new RegExp(`^${line.replace(/[{}"]/g, "\\$&")} (\\S+)$`, "m").exec(text);
      return match ? Number(match[1]) : undefined;
    };
    let { body } = await renderMetrics(database);
    expect(sample(body, 'jobs_pending{kind="test-echo"}')).toBe(2);
    expect(sample(body, 'jobs_failed{kind="test-echo"}')).toBe(0);
    expect(sample(body, 'jobs_pending{kind="test-recorded"}')).toBe(0);
    expect(sample(body, 'jobs_failed{kind="test-recorded"}')).toBe(1);
    expect(sample(body, 'jobs_oldest_pending_age_seconds{kind="test-echo"}')).toBeGreaterThanOrEqual(0);
    const processed = sample(body, 'jobs_processed_total{kind="test-echo",outcome="done"}') ?? 0;

    expect(await runDueJobs(database.db, KINDS, { ran: [], failing: false })).toBe(2);
    ({ body } = await renderMetrics(database));
    expect(sample(body, 'jobs_pending{kind="test-echo"}')).toBe(0);
    expect(sample(body, 'jobs_processed_total{kind="test-echo",outcome="done"}')).toBe(processed + 2);
  });
});
