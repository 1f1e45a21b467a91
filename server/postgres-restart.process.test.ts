import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/lib/db/db.server";
import { createScratchPostgresDatabase } from "../tests/support/scratch-postgres";
import { INBOX_CHANGED_CHANNEL } from "~/lib/inquiries/inquiries.server";
import { RESYNC_PAYLOAD } from "~/lib/db/postgres-listener.server";
import { contactSubmissions } from "~db/schema";
import { type PrivatePostgres, startPrivatePostgres } from "../tests/support/private-postgres";
import { type ServerProcess, spawnServer } from "../tests/support/server-process";
import { type AttemptStatus, startSubmittingClients } from "../tests/support/submitting-clients";

// Starts a Postgres cluster and the production server; generous ceilings
// for a busy 2-core machine (not a speed goal).
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const SECRET = "postgres-restart-test-secret-0123456789abcdef";
const CLIENTS = 6;
/** Acknowledgements every client must collect between two disruptions. */
const ACKS_PER_STEP = 3;
/** A visitor's pause before pressing "send" again; keeps an outage from becoming a busy loop. */
const RETRY_PAUSE_MS = 25;
const WAIT = { timeout: 60_000, interval: 50 };

/** Where Postgres stood when a request began and when its answer arrived. */
type Phase = "up" | "stopping" | "down" | "starting" | "restarting";

interface Attempt {
  client: number;
  status: AttemptStatus;
  ms: number;
  startPhase: Phase;
  endPhase: Phase;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let postgres: PrivatePostgres | undefined;
let server: ServerProcess | undefined;
let observer: DatabaseHandle | undefined;
let databaseUrl: string;
let dataDir: string;

// Needs PostgreSQL's server binaries, which are there wherever TEST_DATABASE_URL
// is set (always in CI); the suite starts a private cluster of its own, since
// restarting the shared one would break the suites running beside it.
describe.skipIf(!process.env.TEST_DATABASE_URL)("Postgres restarting under load", () => {
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pg-restart-"));
    postgres = await startPrivatePostgres();
    databaseUrl = await createScratchPostgresDatabase(postgres.url, "restart");
    server = await spawnServer({
      DATABASE_URL: databaseUrl,
      // Mail (acknowledgements) lands here as files, not in the repository.
      DATA_DIR: path.join(dataDir, "data"),
      BETTER_AUTH_SECRET: SECRET,
      CONTACT_RATE_LIMIT: "0",
    });
    // The test's own connection, opened after the server has migrated the schema.
    observer = await openDatabase({ kind: "postgres", url: databaseUrl, poolSize: 2 });
  });

  afterAll(async () => {
    // Each step runs whatever the others did: no cluster or server outlives the suite.
    const closed = await Promise.allSettled([observer?.close(), server?.stop("SIGKILL")]);
    try {
      await postgres?.dispose();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    for (const result of closed) if (result.status === "rejected") throw result.reason;
  });

  it("answers 503 while it is down, recovers by itself, and stores every acknowledged inquiry once", async () => {
    const app = server!;
    const pgServer = postgres!;
    const attempts: Attempt[] = [];
    const readiness: { phase: Phase; status: number }[] = [];
    let phase: Phase = "up";
    let signInDuringOutage: { status: number; retryAfter: string | null; page: string } | undefined;

    const notifications: string[] = [];
    // Only real changes: a reconnect also tells listeners to resync.
    await observer!.listen(INBOX_CHANGED_CHANNEL, (payload) => {
      if (payload !== RESYNC_PAYLOAD) notifications.push(payload);
    });

    const postForm = async (pathname: string, body: string) => {
      const response = await fetch(`${app.url}${pathname}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
        body,
        redirect: "manual",
      });
      return { status: response.status, headers: response.headers, text: await response.text() };
    };

    const checkReadiness = async () => {
      const response = await fetch(`${app.url}/readyz`);
      await response.arrayBuffer();
      readiness.push({ phase, status: response.status });
      return response.status;
    };

    // A crash of the server must fail the test at once, not after a wait times out.
    const crashed = app.exited.then((code) => {
      throw new Error(`the server exited (code ${code}) while Postgres restarted`);
    });
    crashed.catch(() => {});
    const unlessCrashed = <T>(step: Promise<T>) => Promise.race([step, crashed]);

    // Visitors who resend the same form until it is acknowledged.
    const clients = startSubmittingClients({
      url: () => app.url,
      secret: SECRET,
      clients: CLIENTS,
      retryPauseMs: RETRY_PAUSE_MS,
      observe: (client) => {
        const startPhase = phase;
        const started = performance.now();
        return (status) =>
          attempts.push({ client, status, ms: performance.now() - started, startPhase, endPhase: phase });
      },
    });
    const waitForProgress = () => clients.waitForProgress(ACKS_PER_STEP, WAIT.timeout);
    try {
      await unlessCrashed(waitForProgress());

      // An outage held open long enough to look at: every answer must be a quick 503.
      phase = "stopping";
      await pgServer.stop();
      phase = "down";
      await unlessCrashed(
        vi.waitFor(() => {
          const during = attempts.filter((a) => a.startPhase === "down" && a.endPhase === "down");
          expect(during.length).toBeGreaterThanOrEqual(2 * CLIENTS);
        }, WAIT),
      );
      await checkReadiness();
      // Not only the contact form: any page whose database work fails says "try again".
      const signIn = await postForm(
        "/auth",
        new URLSearchParams({
          intent: "sign-in",
          email: "nobody@example.test",
          password: "not-a-password-1",
        }).toString(),
      );
      signInDuringOutage = {
        status: signIn.status,
        retryAfter: signIn.headers.get("retry-after"),
        page: signIn.text,
      };
      phase = "starting";
      await pgServer.start();
      phase = "up";
      // Recovery without restarting the app: readiness comes back by itself.
      while ((await checkReadiness()) !== 200) await sleep(50);
      await unlessCrashed(waitForProgress());

      // Immediate restarts while submissions are in flight: commits race the kill.
      for (let round = 0; round < 2; round++) {
        phase = "restarting";
        await pgServer.restart();
        phase = "up";
        await unlessCrashed(waitForProgress());
      }
      // The LISTEN connection came back too: inserts after the last restart are heard.
      const heard = notifications.length;
      await unlessCrashed(vi.waitFor(() => expect(notifications.length).toBeGreaterThan(heard), WAIT));
    } catch (error) {
      await clients.abandon();
      console.error(
        `server exit code ${app.child.exitCode}, signal ${app.child.signalCode}\n` +
          `stderr:\n${app.stderr().slice(-4_000)}\nstdout (end):\n${app.stdout().slice(-4_000)}\n` +
          `postgres log (end):\n${pgServer.log().slice(-2_000)}`,
      );
      throw error;
    } finally {
      await clients.stop();
    }

    const rows = await observer!.db.select({ message: contactSubmissions.message }).from(contactSubmissions);
    const stored = new Map<string, number>();
    for (const { message } of rows) {
      const marker = /marker-[\w-]+/.exec(message)?.[0] ?? message;
      stored.set(marker, (stored.get(marker) ?? 0) + 1);
    }
    const acked = clients.acknowledged.flat();

    const statusCounts: Record<string, number> = {};
    for (const a of attempts) statusCounts[a.status] = (statusCounts[a.status] ?? 0) + 1;
    // Retries whose first attempt had committed before its answer was lost.
    const recognised = app.stdout().match(/"duplicate":true/g)?.length ?? 0;
    const outage = attempts.filter((a) => a.startPhase !== "up" || a.endPhase !== "up");
    const worst = (list: Attempt[]) => Math.max(0, ...list.map((a) => a.ms)).toFixed(0);
    console.log(
      `postgres restart: ${attempts.length} requests ${JSON.stringify(statusCounts)}, ` +
        `${acked.length} acknowledged, ${rows.length} rows, ${recognised} retries found already stored; ` +
        `worst latency while Postgres was down ${worst(attempts.filter((a) => a.startPhase === "down"))} ms, ` +
        `during any disruption ${worst(outage)} ms, ` +
        `of a 503 ${worst(attempts.filter((a) => a.status === 503))} ms`,
    );

    // Only "stored" (303) or "try again" (503): no 500, no dropped connection.
    expect(new Set(attempts.map((a) => a.status))).toEqual(new Set([303, 503]));
    expect(
      attempts.filter((a) => a.startPhase === "down" && a.endPhase === "down" && a.status !== 503),
    ).toEqual([]);
    expect(readiness.filter((r) => r.phase === "down").map((r) => r.status)).toEqual([503]);
    expect(readiness.at(-1)).toEqual({ phase: "up", status: 200 });
    expect(signInDuringOutage).toMatchObject({ status: 503, retryAfter: "5" });
    // The error page says it is temporary and offers a person to talk to.
    expect(signInDuringOutage?.page).toContain("briefly unavailable");
    expect(signInDuringOutage?.page).toContain('href="tel:+');

    // Nothing acknowledged is lost, nothing is stored twice, nothing unasked-for appears.
    expect(acked.filter((marker) => stored.get(marker) !== 1)).toEqual([]);
    expect([...stored].filter(([, count]) => count > 1)).toEqual([]);
    expect(rows).toHaveLength(acked.length);

    // The same process served throughout, and nothing escaped as a crash.
    expect(app.child.exitCode).toBeNull();
    expect(app.child.signalCode).toBeNull();
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
    expect(app.stdout()).not.toMatch(/"level":60/);
    // Errors of failed requests are logged there; nothing may have escaped unhandled.
    expect(app.stderr()).not.toMatch(/unhandled|uncaught/i);
  });
});
