import http from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { clientBuildDir, loadServerBundle } from "../tests/support/server-process";
import { createTestServices } from "../tests/support/test-context";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-database";
import type { AppServices } from "~/lib/context.server";

// Loads the production build: a generous ceiling, not a goal.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const FORGED_TEXT = "Your account is locked: call +44 20 0000 0000";

describe("the toast cookie on a served page", () => {
  let database: TestDatabase;
  let services: AppServices;
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    services = createTestServices(database);
    const bundle = loadServerBundle();
    const app = bundle.createApp({
      build: await bundle.loadBuild(),
      services,
      logger: pino({ level: "silent" }),
      clientDir: clientBuildDir,
      isShuttingDown: () => false,
    });
    server = http.createServer(app).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.close();
    await database?.dispose();
  });

  const page = async (cookie: string) => {
    const response = await fetch(`${base}/about`, { headers: { cookie } });
    return {
      status: response.status,
      setCookie: response.headers.getSetCookie(),
      body: await response.text(),
    };
  };

  it("finding 11: a forged toast cookie's text is not shown, and the cookie is cleared", async () => {
    // What anyone can write: the toast's JSON, base64-encoded, as the value.
    const forged = btoa(JSON.stringify({ title: FORGED_TEXT, variant: "destructive" }));
    const answer = await page(`toast=${forged}`);
    expect(answer.status).toBe(200);
    expect(answer.body).not.toContain(FORGED_TEXT);
    expect(answer.setCookie.some((cookie) => /^toast=;.*Max-Age=0/i.test(cookie))).toBe(true);

    // The server's own toast is shown.
    const genuine = (
      await services.toastCookie.serialize({ title: "Saved the draft 7421", variant: "default" })
    ).split(";")[0]!;
    expect((await page(genuine)).body).toContain("Saved the draft 7421");
  });
});
