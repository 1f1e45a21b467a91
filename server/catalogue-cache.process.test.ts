import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { clientBuildDir, loadServerBundle } from "../tests/support/server-process";
import { createTestServices } from "../tests/support/test-context";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-database";
import type { App } from "./app";
import { RUNTIME_BROTLI_QUALITY, RUNTIME_GZIP_LEVEL } from "./static-cache";

// Loads the production build and renders a few hundred catalogue pages: a generous ceiling, not a goal.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

function get(base: string, urlPath: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
    const request = http.get(base + urlPath, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode!, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
  });
}

/** Every brotli and gzip compression the process starts, with its level, by the zlib function asked. */
function recordCompressions() {
  const brotli: number[] = [];
  const gzip: number[] = [];
  type Options = { level?: number; params?: Record<number, number> } | undefined;
  const brotliQuality = (options: Options) =>
    options?.params?.[zlib.constants.BROTLI_PARAM_QUALITY] ?? zlib.constants.BROTLI_DEFAULT_QUALITY;
  const gzipLevel = (options: Options) => options?.level ?? zlib.constants.Z_DEFAULT_COMPRESSION;
  const spies = [
    ["brotliCompressSync", brotli, brotliQuality],
    ["brotliCompress", brotli, brotliQuality],
    ["createBrotliCompress", brotli, brotliQuality],
    ["gzipSync", gzip, gzipLevel],
    ["gzip", gzip, gzipLevel],
    ["createGzip", gzip, gzipLevel],
  ] as const;
  const restore = spies.map(([name, levels, levelOf]) => {
    const original = zlib[name] as (...args: unknown[]) => unknown;
    const spy = vi.spyOn(zlib, name).mockImplementation(((...args: unknown[]) => {
      const options = (name.startsWith("create") ? args[0] : args[1]) as Options;
      levels.push(levelOf(options));
      return original.apply(zlib, args);
    }) as never);
    return () => spy.mockRestore();
  });
  return { brotli, gzip, restore: () => restore.forEach((undo) => undo()) };
}

describe("the catalogue under unique queries", () => {
  let database: TestDatabase;
  let app: App;
  let server: http.Server;
  let base: string;
  let answeredFast = 0;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    const bundle = loadServerBundle();
    app = bundle.createApp({
      build: await bundle.loadBuild(),
      services: createTestServices(database),
      logger: pino({ level: "silent" }),
      clientDir: clientBuildDir,
      isShuttingDown: () => false,
    });
    const fastPath = app.fastPath!;
    server = http
      .createServer((req, res) => {
        if (fastPath(req, res)) answeredFast++;
        else app.express(req, res);
      })
      .listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.close();
    await database?.dispose();
  });

  it("finding 3: unique queries compress at a low level only, and neither fill nor churn the cache", async () => {
    const brotliFirst = { "accept-encoding": "br" };
    // A real view, cached by its first request and then answered from memory.
    expect((await get(base, "/equipment?q=excavator", brotliFirst)).status).toBe(200);
    let before = answeredFast;
    await get(base, "/equipment?q=excavator", brotliFirst);
    expect(answeredFast).toBe(before + 1);

    const compressions = recordCompressions();
    try {
      // Odd spellings of the real view and over-long values, then more unique
      // junk than the cache holds: searches matching nothing, unknown parameters.
      const junk: string[] = [];
      for (let index = 0; index < 20; index++) {
        junk.push(`/equipment?q=excavator&junk${index}=1&category=all&sort=`);
        junk.push(`/equipment?q=${"w".repeat(101 + index)}`);
      }
      for (let index = 0; index < 240; index++) {
        junk.push(`/equipment?q=zq${index}x&utm_source=${index}`);
      }
      for (let at = 0; at < junk.length; at += 4) {
        const answers = await Promise.all(junk.slice(at, at + 4).map((url) => get(base, url, brotliFirst)));
        for (const answer of answers) expect(answer.status).toBe(200);
      }
    } finally {
      compressions.restore();
    }

    // Every compression a request caused was at the run-time level, never brotli 11.
    expect(compressions.brotli.length).toBeGreaterThan(0);
    expect(Math.max(...compressions.brotli)).toBeLessThanOrEqual(RUNTIME_BROTLI_QUALITY);
    expect(compressions.gzip.every((level) => level <= RUNTIME_GZIP_LEVEL)).toBe(true);
    // One compression per request at most: nothing queued behind the answer.
    expect(compressions.brotli.length).toBeLessThanOrEqual(280);

    // The real view is still in memory: the junk neither took its place nor was kept.
    before = answeredFast;
    await get(base, "/equipment?q=excavator", brotliFirst);
    expect(answeredFast, "the cached view survives the junk").toBe(before + 1);
    // Junk is kept in a bounded part of its own: the oldest has gone, the newest is there.
    before = answeredFast;
    await get(base, "/equipment?q=zq0x", brotliFirst);
    await get(base, "/equipment?q=zq239x", brotliFirst);
    expect(answeredFast, "only the newest junk view is still in memory").toBe(before + 1);
  });
});
