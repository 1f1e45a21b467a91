import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { startSeededSite, type SeededSite } from "../tests/support/seeded-site";

// A server start on a busy 2-core machine: a generous ceiling, not a goal.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const BACKEND = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
// The configured default, which the server under test runs with.
const { EVENT_STREAMS_PER_ACCOUNT } = parseEnv({});

interface Stream {
  status: number;
  retryAfter: string | null;
  close(): void;
}

describe(`event streams per account, on the running server (${BACKEND})`, () => {
  let site: SeededSite<never>;
  const streams: Stream[] = [];
  beforeAll(async () => {
    site = await startSeededSite(BACKEND, {});
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await site?.stop();
  });

  /** Opens the admin's event stream and, when it is accepted, waits for its first record. */
  const open = async (): Promise<Stream> => {
    const controller = new AbortController();
    const response = await fetch(`${site.url}/dashboard/events`, {
      headers: { cookie: site.cookies.admin },
      signal: controller.signal,
    });
    const stream = {
      status: response.status,
      retryAfter: response.headers.get("retry-after"),
      close: () => controller.abort(),
    };
    streams.push(stream);
    if (response.status === 200) {
      const first = await response.body!.getReader().read();
      expect(new TextDecoder().decode(first.value)).toContain("retry:");
    } else {
      await response.body?.cancel();
    }
    return stream;
  };

  it("finding 9: one admin session holds at most the configured number of streams; a closed one frees its place", async () => {
    const held: Stream[] = [];
    for (let index = 0; index < EVENT_STREAMS_PER_ACCOUNT; index++) {
      const stream = await open();
      expect(stream.status, `stream ${index + 1}`).toBe(200);
      held.push(stream);
    }
    for (let index = 0; index < 5; index++) {
      const refused = await open();
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    }

    // The server learns of a closed stream when its connection ends: await that, then the place is free.
    held[0]!.close();
    await vi.waitFor(
      async () => {
        const again = await open();
        expect(again.status).toBe(200);
      },
      { timeout: 30_000, interval: 100 },
    );
    expect((await open()).status).toBe(429);
  });
});
