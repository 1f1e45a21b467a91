import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CONTACT_FORM_PURPOSE } from "~/routes/contact.server";
import { FORM_TOKEN_FIELD, issueFormToken } from "~/lib/http/form-guard.server";
import { type ServerProcess, spawnServer } from "../tests/support/server-process";
import { createPgliteDataDir } from "../tests/support/test-database";

// Each suite starts the production server: slow on a loaded 2-core machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const TOKEN = "metrics-test-token-0123456789";
const SECRET = "metrics-test-secret-0123456789-abcdefghijkl";

/** The value of one series in Prometheus text format; 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = match[2]?.split(",") ?? [];
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return 0;
}

describe("GET /metrics", () => {
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    dataDir = createPgliteDataDir("metrics-");
    server = await spawnServer({
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: SECRET,
      METRICS_TOKEN: TOKEN,
      ADMIN_EMAILS: "admin@example.test",
      LOG_LEVEL: "warn",
    });
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const scrape = async () => {
    const response = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };

  it("answers 401 without the token or with a wrong one", async () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { Authorization: "Bearer wrong-token-0123456789012" },
      { Authorization: `Bearer ${TOKEN}x` },
      { Authorization: `Basic ${TOKEN}` },
    ]) {
      const response = await fetch(`${server.url}/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(await response.text()).not.toContain("http_requests_total");
    }
  });

  it("moves the request and inquiry counters after a contact post, labelled by route pattern", async () => {
    const before = await scrape();
    // Read to the end: the counters move when the response has finished.
    await (await fetch(`${server.url}/equipment/no-such-machine-${Date.now()}`)).text();
    const post = await fetch(`${server.url}/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams({
        [FORM_TOKEN_FIELD]: issueFormToken(SECRET, CONTACT_FORM_PURPOSE, Date.now() - 60_000),
        name: "Metrics Visitor",
        email: "visitor@example.test",
        interest: "consultation",
        message: "Counting this inquiry in the metrics test.",
      }),
      redirect: "manual",
    });
    expect(post.status).toBe(303);
    await post.text();
    const after = await scrape();

    const stored = (text: string) => sample(text, "inquiries_stored_total", { spam: "false" });
    expect(stored(after)).toBe(stored(before) + 1);
    const posts = (text: string) =>
      sample(text, "http_requests_total", { route: "/contact", method: "POST", status: "303" });
    expect(posts(after)).toBe(posts(before) + 1);
    const latency = (text: string) =>
      sample(text, "http_request_duration_seconds_count", { route: "/contact", method: "POST" });
    expect(latency(after)).toBe(latency(before) + 1);
    // One series for the pattern, none for the raw path.
    expect(sample(after, "http_requests_total", { route: "/equipment/:id", status: "404" })).toBeGreaterThan(
      0,
    );
    expect(after).not.toContain("no-such-machine");

    for (const name of [
      "jobs_pending",
      "jobs_failed",
      "jobs_oldest_pending_age_seconds",
      "jobs_processed_total",
      "database_connections_in_use",
      "database_connections_waiting",
      "inbox_event_stream_clients",
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_seconds",
    ]) {
      expect(after).toMatch(new RegExp(`^${name}(\\{[^}]*\\})? `, "m"));
    }
    expect(sample(after, "database_up")).toBe(1);
    // Every kind the worker runs has its series, by kind, before its first job.
    for (const kind of ["mail", "webhook"]) {
      expect(after).toMatch(new RegExp(`^jobs_pending\\{kind="${kind}"\\} \\d+$`, "m"));
      expect(after).toMatch(
        new RegExp(`^jobs_processed_total\\{kind="${kind}",outcome="done"\\} \\d+$`, "m"),
      );
    }
    // The inquiry's two mails (the admins' notification, the acknowledgement) are sent and counted;
    // the week's report a first start sends may be queued beside them, so the queue is awaited empty.
    const sent = (text: string) => sample(text, "jobs_processed_total", { kind: "mail", outcome: "done" });
    await vi.waitFor(
      async () => {
        const text = await scrape();
        expect(sample(text, "jobs_pending", { kind: "mail" })).toBe(0);
        expect(sent(text)).toBeGreaterThanOrEqual(sent(before) + 2);
      },
      { timeout: 30_000, interval: 200 },
    );
  });

  it("counts pages and their filtered views under their route", async () => {
    const before = await scrape();
    for (const urlPath of ["/", "/", "/equipment?q=excavator", "/equipment?q=excavator&sort="]) {
      await (await fetch(server.url + urlPath)).text();
    }
    const after = await scrape();
    const count = (text: string, route: string) =>
      sample(text, "http_requests_total", { route, method: "GET", status: "200" });
    expect(count(after, "/")).toBe(count(before, "/") + 2);
    expect(count(after, "/equipment")).toBe(count(before, "/equipment") + 2);
    const timed = (text: string) =>
      sample(text, "http_request_duration_seconds_count", { route: "/", method: "GET" });
    expect(timed(after)).toBe(timed(before) + 2);
  });
});

describe("GET /metrics without METRICS_TOKEN", () => {
  it("does not exist", async () => {
    const dataDir = createPgliteDataDir("metrics-off-");
    const server = await spawnServer({ DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET, LOG_LEVEL: "warn" });
    try {
      const response = await fetch(`${server.url}/metrics`, {
        headers: { Authorization: "Bearer anything" },
      });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain("http_requests_total");
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
