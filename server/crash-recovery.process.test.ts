import fs from "node:fs";
import { afterAll, describe, expect, it, vi } from "vitest";
import { cookieHeader, type InboxServer, startInboxServer } from "../tests/e2e/inbox-setup";
import { spawnServer } from "../tests/support/server-process";
import { countMarkers, startSubmittingClients } from "../tests/support/submitting-clients";

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const KILLS = 3;
const CLIENTS = 4;
/** The bound: after a crash, ready again within 30 s. */
const READY_WITHIN_MS = 30_000;

let site: InboxServer | undefined;
afterAll(async () => {
  await site?.stop();
});

describe("SIGKILL on the embedded database", () => {
  it("keeps every acknowledged inquiry exactly once across repeated crashes", async () => {
    site = await startInboxServer([]);
    const { url, env } = site;
    const admin = cookieHeader(site.cookies.admin);
    const readAllInquiries = async () => {
      const response = await fetch(`${url}/dashboard/export.csv`, { headers: { cookie: admin } });
      expect(response.status).toBe(200);
      return response.text();
    };
    const expectEachAcknowledgedOnce = async (acknowledged: string[]) => {
      const counts = countMarkers(await readAllInquiries(), acknowledged);
      const wrong = [...counts].filter(([, count]) => count !== 1);
      expect(wrong).toEqual([]);
    };

    const clients = startSubmittingClients({
      url: () => url,
      secret: env.BETTER_AUTH_SECRET!,
      clients: CLIENTS,
    });
    const readyTimes: number[] = [];
    try {
      for (let kill = 0; kill < KILLS; kill++) {
        // Kill it while every client has inquiries in flight.
        await clients.waitForProgress(2);
        site.server.child.kill("SIGKILL");
        await site.server.exited;

        const started = performance.now();
        site.server = await spawnServer(env, { readyTimeoutMs: READY_WITHIN_MS });
        readyTimes.push(Math.round(performance.now() - started));
        await expectEachAcknowledgedOnce(clients.acknowledged.flat());
      }
      await clients.waitForProgress(1);
    } catch (error) {
      // The server may be down for good: stop retrying rather than wait out the test.
      await clients.abandon();
      throw error;
    }
    await clients.stop();
    await expectEachAcknowledgedOnce(clients.acknowledged.flat());

    const retried = clients.statuses.filter((status) => status !== 303).length;
    console.log(
      `SIGKILL x${KILLS}: ${clients.acknowledged.flat().length} inquiries acknowledged, ` +
        `${retried} attempts failed and were resent; ready again after ${readyTimes.join(", ")} ms`,
    );
    // The clients really were cut off mid-flight, or this proved nothing.
    expect(clients.statuses).toContain("network-error");
    expect(await site.server.stop("SIGTERM")).toBe(0);
    fs.rmSync(env.DATA_DIR!, { recursive: true, force: true });
  });
});
