import type { AddressInfo } from "node:net";
import express from "express";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { type MailboxFetching, startMailboxFetching } from "~/lib/conversation/mailbox-fetching.server";
import { createMailboxStatusBoard } from "~/lib/conversation/mailbox-status.server";
import { renderMetrics } from "~/lib/ops/metrics.server";
import { startImapServer, type ImapServer } from "../tests/support/imap-server";
import { createTestFiler, cursorOf, testMessage } from "../tests/support/received-mail-filer";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-database";
import { healthRoutes } from "./health";

const USERS = { deals: "deals-password", info: "info-password" };

describe("a team mailbox that cannot be reached", () => {
  let imap: ImapServer;
  let database: TestDatabase;
  let url: string;
  let close: () => void;
  const status = createMailboxStatusBoard();
  let fetching: MailboxFetching | undefined;

  beforeAll(async () => {
    [imap, database] = await Promise.all([startImapServer({ users: USERS }), createTestDatabase("pglite")]);
    const app = express().use(
      healthRoutes({
        isShuttingDown: () => false,
        pingDatabase: (ms) => database.ping(ms),
        mailboxes: () => status.readiness(),
      }),
    );
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(async () => {
    await fetching?.stop();
    close?.();
    await Promise.all([imap?.dispose(), database?.dispose()]);
  });

  it("is retried with backoff, shows on /readyz and in /metrics while the instance stays ready, and is fetched once back", async () => {
    const {
      IMAP_URL: [deals, wrongPassword],
    } = parseEnv({
      IMAP_URL: `${imap.url("deals")},imap://info:not-the-password@127.0.0.1:${imap.port}/INBOX`,
    });
    await imap.stop();
    const filer = await createTestFiler(database.db);
    fetching = startMailboxFetching({
      db: database.db,
      env: { IMAP_URL: [deals!, wrongPassword!] },
      logger: pino({ level: "silent" }),
      file: filer.file,
      status,
      timing: { pollMs: 10 * 60_000, retryInitialMs: 20, retryMaxMs: 80 },
    });

    // Each consecutive failure waits twice as long as the one before, up to the ceiling.
    const delays: (number | null)[] = [];
    await status.until(deals!.key, (state) => {
      if (state.failures > delays.length) delays.push(state.retryDelayMs);
      return state.failures >= 4;
    });
    expect(delays.slice(0, 4)).toEqual([20, 40, 80, 80]);

    const failing = await fetch(`${url}/readyz`);
    expect(failing.status).toBe(200);
    const failingBody = await failing.text();
    expect(JSON.parse(failingBody)).toMatchObject({
      status: "ready",
      mailboxes: [
        { mailbox: "deals/INBOX", state: "failing", lastFetchedAt: null, failingSince: expect.any(String) },
        { mailbox: "info/INBOX", state: "failing" },
      ],
    });
    // Neither the host nor a password nor the error's text is published.
    expect(failingBody).not.toMatch(/127\.0\.0\.1|-password|ECONNREFUSED/i);

    const errorsWhileDown = await metricValue("mailbox_fetch_errors_total", deals!.key);
    expect(errorsWhileDown).toBeGreaterThanOrEqual(4);
    expect(await cursorOf(database.db, deals!.key)).toMatchObject({
      last_error: expect.stringMatching(/ECONNREFUSED/),
    });

    await imap.start();
    await imap.append("deals", "INBOX", testMessage("back", 1));
    const back = await status.until(deals!.key, (state) => state.state === "ok" && state.filed === 1);
    expect(back.lastFetchedAt).toBeInstanceOf(Date);
    expect(await metricValue("mailbox_last_fetch_timestamp_seconds", deals!.key)).toBeCloseTo(
      back.lastFetchedAt!.getTime() / 1000,
    );
    expect(await cursorOf(database.db, deals!.key)).toMatchObject({ last_uid: 1, last_error: null });

    // The refused password goes on failing, alone; what is kept of it names no password.
    const refused = await status.until(wrongPassword!.key, (state) => /auth/i.test(state.lastError ?? ""));
    expect(refused.state).toBe("failing");
    expect(refused.lastError).not.toContain("not-the-password");
    const { body } = await renderMetrics(database);
    expect(body).toContain(`mailbox_fetch_errors_total{mailbox="${wrongPassword!.key}"}`);
    expect(body).not.toMatch(/not-the-password|deals-password/);
    const ready = await (await fetch(`${url}/readyz`)).json();
    expect(ready).toMatchObject({
      status: "ready",
      mailboxes: [
        { mailbox: "deals/INBOX", state: "ok", failingSince: null },
        { mailbox: "info/INBOX", state: "failing" },
      ],
    });
  });

  async function metricValue(name: string, mailbox: string): Promise<number> {
    const { body } = await renderMetrics(database);
    const line = body.split("\n").find((entry) => entry.startsWith(`${name}{mailbox="${mailbox}"}`));
    return Number(line?.split(" ").at(-1));
  }
});
