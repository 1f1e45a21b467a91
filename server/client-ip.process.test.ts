import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CONTACT_FORM_PURPOSE } from "~/routes/contact.server";
import { FORM_TOKEN_FIELD, issueFormToken } from "~/lib/http/form-guard.server";
import { type ServerProcess, spawnServer } from "../tests/support/server-process";
import { createPgliteDataDir } from "../tests/support/test-database";

// Real server processes on a busy machine: a generous ceiling, not a speed goal.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const SECRET = "client-ip-test-secret-0123456789abcdefghij";
const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function startServer(trustProxy: string): Promise<ServerProcess> {
  const dir = createPgliteDataDir("client-ip-");
  tempDirs.push(dir);
  return spawnServer({
    DATA_DIR: dir,
    BETTER_AUTH_SECRET: SECRET,
    CONTACT_RATE_LIMIT: "2/h",
    TRUST_PROXY: trustProxy,
  });
}

/** Posts a valid inquiry claiming to come from `forwardedFor`; returns the status. */
async function postFrom(server: ServerProcess, forwardedFor: string): Promise<number> {
  const body = new URLSearchParams({
    [FORM_TOKEN_FIELD]: issueFormToken(SECRET, CONTACT_FORM_PURPOSE, Date.now() - 60_000),
    name: "Ama Mensah",
    email: "ama@example.test",
    interest: "gold-selling",
    message: "Hello",
  });
  const response = await fetch(`${server.url}/contact`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { "x-forwarded-for": forwardedFor },
  });
  return response.status;
}

describe("the client address behind X-Forwarded-For", () => {
  // Both started at once: each test has its own server, and neither waits for the other's start.
  let untrusting: Promise<ServerProcess>;
  let trusting: Promise<ServerProcess>;
  beforeAll(() => {
    untrusting = startServer("false");
    trusting = startServer("loopback");
    // Awaited by their tests; a start that fails fails its test, not an unhandled rejection.
    untrusting.catch(() => {});
    trusting.catch(() => {});
  });
  afterAll(async () => {
    await Promise.allSettled([untrusting, trusting].map(async (server) => (await server).stop()));
  });

  it("ignores a spoofed X-Forwarded-For unless TRUST_PROXY is set: one socket, one rate-limit key", async () => {
    const server = await untrusting;
    const statuses = [];
    for (const address of ["203.0.113.1", "203.0.113.2", "203.0.113.3"]) {
      statuses.push(await postFrom(server, address));
    }
    expect(statuses).toEqual([303, 303, 429]);
  });

  it("keys the limit by the forwarded address when the proxy is trusted", async () => {
    const server = await trusting;
    const statuses = [];
    for (const address of ["203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.113.1", "203.0.113.1"]) {
      statuses.push(await postFrom(server, address));
    }
    // Each address has its own budget of two.
    expect(statuses).toEqual([303, 303, 303, 303, 429]);
  });
});
