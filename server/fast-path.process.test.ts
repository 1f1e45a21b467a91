import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { clientBuildDir, loadServerBundle } from "../tests/support/server-process";
import { createTestServices } from "../tests/support/test-context";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-database";
import type { App } from "./app";

// Loads the production build and renders catalogue pages: a generous ceiling, not a goal.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

interface Answer {
  status: number;
  /** Every header, named and ordered as sent; the request id and date as "*". */
  headers: [string, string][];
  requestId: string | undefined;
  body: Buffer;
}

function send(base: string, method: string, urlPath: string, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(base + urlPath, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const raw = response.rawHeaders;
        const pairs: [string, string][] = [];
        for (let at = 0; at < raw.length; at += 2) {
          const name = raw[at]!;
          pairs.push([name, /^(?:date|x-request-id)$/i.test(name) ? "*" : raw[at + 1]!]);
        }
        resolve({
          status: response.statusCode!,
          headers: pairs,
          requestId: response.headers["x-request-id"] as string | undefined,
          body: Buffer.concat(chunks),
        });
      });
    });
    request.on("error", reject);
    request.end();
  });
}

const listen = async (listener: http.RequestListener) => {
  const server = http.createServer(listener).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};

const TOKEN = "fast-path-test-token-0123456789";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * One app, reached two ways: through its request listener (the fast path,
 * then Express) as the server runs it, and through Express alone. Both share
 * the static files and the catalogue cache, so each pair of answers is the
 * same resource sent by each path.
 */
describe("the fast path", () => {
  let database: TestDatabase;
  let app: App;
  let shuttingDown = false;
  const logLines: Record<string, unknown>[] = [];
  let answeredFast = 0;
  let fastUrl: string;
  let expressUrl: string;
  const servers: http.Server[] = [];

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    const logger = pino(
      { level: "info", base: { pid: process.pid } },
      { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) },
    );
    const bundle = loadServerBundle();
    app = bundle.createApp({
      build: await bundle.loadBuild(),
      services: createTestServices(database, { METRICS_TOKEN: TOKEN }),
      logger,
      clientDir: clientBuildDir,
      isShuttingDown: () => shuttingDown,
    });
    const fastPath = app.fastPath!;
    const fast = await listen((req, res) => {
      if (fastPath(req, res)) answeredFast++;
      else app.express(req, res);
    });
    const viaExpress = await listen(app.express);
    servers.push(fast.server, viaExpress.server);
    fastUrl = fast.url;
    expressUrl = viaExpress.url;
  });
  afterAll(async () => {
    for (const server of servers) server.close();
    await database?.dispose();
  });

  /** Sends the request through Express, then the fast path, which must answer it identically. */
  const expectSameAnswer = async (method: string, urlPath: string, headers: Record<string, string> = {}) => {
    const viaExpress = await send(expressUrl, method, urlPath, headers);
    const before = answeredFast;
    const viaFastPath = await send(fastUrl, method, urlPath, headers);
    const label = `${method} ${urlPath} ${JSON.stringify(headers)}`;
    expect(answeredFast, `${label}: answered by the fast path`).toBe(before + 1);
    expect(viaFastPath.status, label).toBe(viaExpress.status);
    expect(viaFastPath.headers, label).toEqual(viaExpress.headers);
    expect(viaFastPath.body.equals(viaExpress.body), label).toBe(true);
    expect(viaFastPath.requestId).toMatch(UUID);
    expect(viaFastPath.requestId).not.toBe(viaExpress.requestId);
    return viaFastPath;
  };

  it("answers static files and prerendered pages with the headers and bytes Express sends", async () => {
    const asset = fs.readdirSync(path.join(clientBuildDir, "assets")).find((file) => file.endsWith(".css"))!;
    for (const urlPath of [
      "/",
      "/about",
      "/about.data",
      "/favicon.svg",
      `/assets/${asset}`,
      `/assets/${asset}?v=1`,
    ]) {
      for (const encoding of [undefined, "gzip", "br, gzip"]) {
        const headers: Record<string, string> = encoding ? { "accept-encoding": encoding } : {};
        const answer = await expectSameAnswer("GET", urlPath, headers);
        expect(answer.status).toBe(200);
        await expectSameAnswer("HEAD", urlPath, headers);
        const etag = answer.headers.find(([name]) => name === "ETag")![1];
        const revalidated = await expectSameAnswer("GET", urlPath, { ...headers, "if-none-match": etag });
        expect(revalidated.status).toBe(304);
      }
    }
    const lastModified = (await send(fastUrl, "GET", "/")).headers.find(
      ([name]) => name === "Last-Modified",
    )!;
    expect((await expectSameAnswer("GET", "/", { "if-modified-since": lastModified[1] })).status).toBe(304);
  });

  it("answers a catalogue view once Express has rendered it, with the same headers and bytes", async () => {
    // A view per encoding: the first answer for each comes from Express.
    for (const [word, encoding] of [
      ["excavator", undefined],
      ["dozer", "gzip"],
    ] as const) {
      const headers: Record<string, string> = encoding ? { "accept-encoding": encoding } : {};
      const query = `/equipment?q=${word}&availability=all&sort=`;
      // Not rendered yet: Express renders it, and the fast path leaves it alone.
      const before = answeredFast;
      const first = await send(fastUrl, "GET", query, headers);
      expect(answeredFast).toBe(before);
      expect(first.status).toBe(200);
      const answer = await expectSameAnswer("GET", query, headers);
      expect(answer.headers).toEqual(first.headers);
      expect(answer.body.toString("latin1")).toBe(first.body.toString("latin1"));
      await expectSameAnswer("HEAD", query, headers);
      // Another spelling of the same view is the same cached page.
      await expectSameAnswer("GET", `/equipment?category=all&q=${word}`, headers);
      const etag = answer.headers.find(([name]) => name === "ETag")![1];
      expect((await expectSameAnswer("GET", query, { ...headers, "if-none-match": etag })).status).toBe(304);
    }
  });

  it("never gives a session cookie the anonymous catalogue page: Express renders it, private and unstored", async () => {
    const query = "/equipment?q=wash";
    await send(fastUrl, "GET", query);
    expect((await send(fastUrl, "GET", query)).headers.find(([name]) => name === "ETag")).toBeDefined();
    for (const cookie of ["better-auth.session_token=abc", "a=b; __Secure-better-auth.session_token=abc"]) {
      const before = answeredFast;
      const signedIn = await send(fastUrl, "GET", query, { cookie });
      expect(answeredFast, cookie).toBe(before);
      expect(signedIn.status).toBe(200);
      const header = (name: string) => signedIn.headers.find(([sent]) => sent.toLowerCase() === name)?.[1];
      expect(header("cache-control")).toBe("private, no-store");
      expect(header("etag")).toBeUndefined();
      expect(header("content-security-policy")).toMatch(/'nonce-/);
      expect(signedIn.body.toString()).toContain("Showing");
    }
  });

  it("leaves to Express a toast cookie, a NUL, a path it would normalise, other methods and a server shutting down", async () => {
    const cases: [string, string, Record<string, string>, number][] = [
      ["GET", "/", { cookie: "toast=abc" }, 200],
      ["GET", "/equipment?q=%00", {}, 400],
      ["GET", "/favicon.svg?x=%00", {}, 400],
      ["GET", "/about/", {}, 200],
      ["GET", "/%61bout", {}, 200],
      ["POST", "/", { origin: fastUrl }, 405],
    ];
    for (const [method, urlPath, headers, status] of cases) {
      const before = answeredFast;
      const answer = await send(fastUrl, method, urlPath, headers);
      expect(answeredFast, `${method} ${urlPath}`).toBe(before);
      expect(answer.status, `${method} ${urlPath}`).toBe(status);
    }
    shuttingDown = true;
    // The app's own listener, as the server runs it: it sets the header.
    const whole = await listen(app.listener);
    servers.push(whole.server);
    try {
      const before = answeredFast;
      expect((await send(fastUrl, "GET", "/")).status).toBe(200);
      expect(answeredFast).toBe(before);
      const draining = await send(whole.url, "GET", "/");
      expect(draining.status).toBe(200);
      expect(draining.headers).toContainEqual(["Connection", "close"]);
    } finally {
      shuttingDown = false;
    }
  });

  it("logs the line Express logs and counts the request under its route", async () => {
    const count = async (route: string, status: string) => {
      const scrape = await send(expressUrl, "GET", "/metrics", { authorization: `Bearer ${TOKEN}` });
      const line = scrape.body
        .toString()
        .split("\n")
        .find((text) =>
          text.startsWith(`http_requests_total{route="${route}",method="GET",status="${status}"}`),
        );
      return Number(line?.split(" ")[1] ?? 0);
    };
    await send(fastUrl, "GET", "/equipment?q=loader");
    const [home, catalogue] = [await count("/", "200"), await count("/equipment", "200")];
    const viaExpress = await send(expressUrl, "GET", "/");
    const before = answeredFast;
    const viaFastPath = await send(fastUrl, "GET", "/");
    await send(fastUrl, "GET", "/equipment?q=loader");
    expect(answeredFast).toBe(before + 2);
    expect(await count("/", "200")).toBe(home + 2);
    expect(await count("/equipment", "200")).toBe(catalogue + 1);

    const lineOf = (requestId: string | undefined) => logLines.find((line) => line.reqId === requestId)!;
    const [expressLine, fastLine] = [lineOf(viaExpress.requestId), lineOf(viaFastPath.requestId)];
    expect(Object.keys(fastLine)).toEqual(Object.keys(expressLine));
    const comparable = ({ reqId: _id, time: _time, ms, ...rest }: Record<string, unknown>) => {
      expect(typeof ms).toBe("number");
      return rest;
    };
    expect(comparable(fastLine)).toEqual(comparable(expressLine));
    expect(fastLine).toMatchObject({ msg: "request", method: "GET", path: "/", status: 200 });
  });
});
