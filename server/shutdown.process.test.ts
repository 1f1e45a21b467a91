import fs from "node:fs";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { CONTACT_FORM_PURPOSE } from "~/routes/contact.server";
import { openDatabase } from "~/lib/db/db.server";
import { FORM_TOKEN_FIELD, issueFormToken } from "~/lib/http/form-guard.server";
import { contactSubmissions } from "~db/schema";
import { cookieHeader, type InboxServer, startInboxServer } from "../tests/e2e/inbox-setup";
import { type ServerProcess, spawnServer } from "../tests/support/server-process";
import { createPgliteDataDir } from "../tests/support/test-database";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const SECRET = "shutdown-test-secret-0123456789abcdefghijkl";
const METRICS_TOKEN = "shutdown-metrics-token-0123456789";
const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Resolves with everything the server sends until it closes the socket. */
function readAll(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    socket.on("data", (chunk: Buffer) => (data += chunk.toString()));
    socket.on("end", () => resolve(data));
    socket.on("error", reject);
  });
}

interface SlowClient {
  /** Sends the rest of the body. */
  finish(): void;
  /** Everything the server answered. */
  response: Promise<string>;
}

/** A client on a slow network: headers and half of a contact form, then a pause. */
async function startSlowSubmission(url: string, email: string): Promise<SlowClient> {
  const body = new URLSearchParams({
    [FORM_TOKEN_FIELD]: issueFormToken(SECRET, CONTACT_FORM_PURPOSE, Date.now() - 60_000),
    name: "Slow Sender",
    email,
    interest: "consultation",
    message: "Sent over a slow connection while the server stops.",
  }).toString();
  const { port } = new URL(url);
  const socket = net.connect(Number(port), "127.0.0.1");
  await new Promise<void>((resolve) => socket.once("connect", resolve));
  const response = readAll(socket);
  socket.write(
    `POST /contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n`,
  );
  const half = Math.floor(body.length / 2);
  socket.write(body.slice(0, half));
  // The server has the request in flight before the test goes on.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return { finish: () => socket.write(body.slice(half)), response };
}

async function countStored(dataDir: string, email: string): Promise<number> {
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    const rows = await database.db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.email, email));
    return rows.length;
  } finally {
    await database.close();
  }
}

interface KeptAlive {
  /** Sends another request on the connection; resolves with what comes back once the server closes it. */
  askAgain(): Promise<string>;
}

/** A connection that has had one answer and is kept alive, idle, as a proxy keeps its upstream connections. */
async function keepAliveConnection(url: string): Promise<KeptAlive> {
  const { port } = new URL(url);
  const socket = net.connect(Number(port), "127.0.0.1");
  let data = "";
  socket.on("data", (chunk: Buffer) => (data += chunk.toString()));
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  // A reset is how a closed connection may answer the next write.
  socket.on("error", () => {});
  await new Promise<void>((resolve) => socket.once("connect", resolve));
  const request = `HEAD /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`;
  socket.write(request);
  await vi.waitFor(() => expect(data).toMatch(/\r\n\r\n$/));
  expect(data).toMatch(/^HTTP\/1\.1 200 [^]*Connection: keep-alive/i);
  data = "";
  return {
    async askAgain() {
      if (!socket.destroyed) socket.write(request);
      await closed;
      return data;
    },
  };
}

function tempDataDir(): string {
  const dir = createPgliteDataDir("shutdown-");
  tempDirs.push(dir);
  return dir;
}

/** A server that its test stops its own way, started with the others before any test runs. */
interface EarlyStart<T> {
  started: Promise<T>;
  /** For afterAll: stops it if its test has not. */
  stop(): Promise<unknown>;
}

function startBeforeTests<T>(start: () => Promise<T>, stop: (started: T) => Promise<unknown>): EarlyStart<T> {
  const started = start();
  // Awaited by its test; a start that fails fails that test, not the run.
  started.catch(() => {});
  return { started, stop: async () => stop(await started) };
}

describe("graceful shutdown", () => {
  let draining: EarlyStart<{ server: ServerProcess; dataDir: string }>;
  let delayed: EarlyStart<{ server: ServerProcess; dataDir: string }>;
  let inbox: EarlyStart<InboxServer>;
  // The three starts side by side, and all done before the first test: none
  // of them competes for the CPU with the probes of the delay's window.
  beforeAll(async () => {
    const start = (env: Record<string, string>) => async () => {
      const dataDir = tempDataDir();
      return { server: await spawnServer({ DATA_DIR: dataDir, ...env }), dataDir };
    };
    const stop = ({ server }: { server: ServerProcess }) => server.stop();
    draining = startBeforeTests(start({ BETTER_AUTH_SECRET: SECRET, CONTACT_RATE_LIMIT: "0" }), stop);
    delayed = startBeforeTests(
      start({
        BETTER_AUTH_SECRET: SECRET,
        CONTACT_RATE_LIMIT: "0",
        // Long enough for the probes below on a busy machine.
        SHUTDOWN_DELAY_SECONDS: "10",
        METRICS_TOKEN,
      }),
      stop,
    );
    inbox = startBeforeTests(
      () => startInboxServer([]),
      (started) => started.stop(),
    );
    await Promise.allSettled([draining.started, delayed.started, inbox.started]);
  });
  afterAll(async () => {
    await Promise.allSettled([draining, delayed, inbox].map((each) => each?.stop()));
  });

  it("lets a request that is still arriving finish, stores it, and exits 0", async () => {
    const { server, dataDir } = await draining.started;
    const slow = await startSlowSubmission(server.url, "slow@example.test");

    server.child.kill("SIGTERM");
    await vi.waitFor(() => expect(server.stdout()).toContain("shutting down"), { timeout: 10_000 });
    // New connections are refused while the slow one drains.
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();

    slow.finish();
    expect(await slow.response).toMatch(/^HTTP\/1\.1 303 /);
    expect(await server.exited).toBe(0);
    // Stored and committed before the database closed.
    expect(await countStored(dataDir, "slow@example.test")).toBe(1);
  });

  it("with SHUTDOWN_DELAY_SECONDS, turns /readyz to 503 at once and keeps serving until the delay ends", async () => {
    const { server, dataDir } = await delayed.started;
    const slow = await startSlowSubmission(server.url, "slow-delay@example.test");
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const idle = await keepAliveConnection(server.url);

    server.child.kill("SIGTERM");
    await vi.waitFor(() => expect(server.stdout()).toContain("shutting down"), { timeout: 10_000 });
    // A request a proxy sends on its idle kept-alive connection is answered,
    // and the answer closes the connection.
    expect(await idle.askAgain()).toMatch(/^HTTP\/1\.1 200 [^]*Connection: close/i);
    const metrics = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get("connection")).toBe("close");
    // A load balancer's next probe sees 503, while requests it still sends are
    // served, each on a connection closed after its answer.
    const probe = await fetch(`${server.url}/readyz`);
    expect(probe.status).toBe(503);
    expect(probe.headers.get("connection")).toBe("close");
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get("connection")).toBe("close");
    // A prerendered page, which the fast path would otherwise answer.
    const page = await fetch(`${server.url}/about`);
    expect(page.status).toBe(200);
    expect(page.headers.get("connection")).toBe("close");

    // After the delay the listener closes; the slow request is still drained.
    await vi.waitFor(() => expect(fetch(`${server.url}/healthz`)).rejects.toThrow(), {
      timeout: 30_000,
      interval: 250,
    });
    slow.finish();
    expect(await slow.response).toMatch(/^HTTP\/1\.1 303 /);
    expect(await server.exited).toBe(0);
    expect(await countStored(dataDir, "slow-delay@example.test")).toBe(1);
  });

  it("ends open event streams so they do not hold the drain open", async () => {
    const site = await inbox.started;
    const events = await fetch(`${site.url}/dashboard/events`, {
      headers: { cookie: cookieHeader(site.cookies.admin) },
    });
    expect(events.headers.get("content-type")).toContain("text/event-stream");
    const reader = events.body!.getReader();
    await reader.read(); // the stream is open and has sent its first bytes

    site.server.child.kill("SIGTERM");
    // The stream ends (rather than waiting out the drain timeout) and the process exits 0.
    let done = false;
    while (!done) ({ done } = await reader.read());
    expect(await site.server.exited).toBe(0);
    expect(site.server.stdout()).not.toContain("drain timeout reached");
  });
});
