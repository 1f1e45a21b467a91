import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createScratchPostgresDatabase,
  dropScratchPostgresDatabase,
} from "../tests/support/scratch-postgres";
import { readPrerenderOrigin } from "./prerender-origin";
import { clientBuildDir, type ServerProcess, spawnServer } from "../tests/support/server-process";
import { createPgliteDataDir } from "../tests/support/test-database";

// Each test starts real server processes; on a busy 2-core machine a start
// can take a while, so these tests get a generous ceiling (not a speed goal).
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const tempDirs: string[] = [];
function tempDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "server-test-"));
  tempDirs.push(dir);
  return path.join(dir, "data");
}
/** An already migrated DATA_DIR, for starts that test something other than the first one. */
function migratedDataDir() {
  const dir = createPgliteDataDir("server-test-");
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("production server on the embedded database", () => {
  let server: ServerProcess;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = tempDataDir();
    server = await spawnServer({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
  });

  it("creates DATA_DIR and answers the probes", async () => {
    expect(fs.existsSync(path.join(dataDir, "pglite"))).toBe(true);
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    expect(health.headers.get("cache-control")).toBe("no-store");
    expect(await (await fetch(`${server.url}/readyz`)).json()).toEqual({ status: "ready" });
  });

  const post = (urlPath: string, headers: Record<string, string>, body: string) =>
    fetch(server.url + urlPath, { method: "POST", headers: { origin: server.url, ...headers }, body });
  it.each<[string, () => Promise<Response>]>([
    ["a server-rendered page", () => fetch(`${server.url}/contact`)],
    ["the 404 page", () => fetch(`${server.url}/no-such-page`)],
    ["a probe", () => fetch(`${server.url}/healthz`)],
    // An unreadable form: React Router's error page, with status 400.
    [
      "an error page",
      () => post("/auth", { "content-type": "multipart/form-data; boundary=x" }, "--x\r\nbro"),
    ],
    ["a refused body", () => post("/contact", { "content-type": "application/json" }, "{}")],
    ["a refused cross-origin post", () => post("/contact", { origin: "https://evil.example" }, "a=b")],
    ["a static file", () => fetch(`${server.url}/favicon.svg`)],
    ["a missing hashed asset", () => fetch(`${server.url}/assets/missing.js`)],
  ])("sends security headers on %s", async (_label, send) => {
    const response = await send();
    const csp = response.headers.get("content-security-policy") ?? "";
    const scriptSrc = csp.split(";").find((directive) => directive.startsWith("script-src")) ?? "";
    expect(scriptSrc).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}'$/);
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("strict-transport-security")).toBeNull();
    expect(response.headers.get("x-powered-by")).toBeNull();
  });

  it("renders a filtered catalogue for every request, with its own nonce", async () => {
    const first = await fetch(`${server.url}/equipment?q=wash&availability=rental-only`);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("Gold Wash Plant 150TPH");
    expect(first.headers.get("content-security-policy")).toContain("'nonce-");
    const other = await fetch(`${server.url}/equipment?q=WASH&availability=rental-only`);
    expect(await other.text()).toMatch(/value="WASH"/);
    const signedIn = await fetch(`${server.url}/equipment?q=wash&availability=rental-only`, {
      headers: { cookie: "better-auth.session_token=abc" },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
  });

  it("shows the error page with status 400 for an unreadable form", async () => {
    const response = await post("/auth", { "content-type": "multipart/form-data; boundary=x" }, "--x\r\nbro");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Something went wrong");
  });

  it("uses a fresh nonce for every response", async () => {
    const nonce = async () =>
      (await fetch(`${server.url}/no-such-page`)).headers.get("content-security-policy");
    expect(await nonce()).not.toBe(await nonce());
  });

  it("serves hashed assets compressed and cached immutably for a year", async () => {
    const asset = fs.readdirSync(path.join(clientBuildDir, "assets")).find((file) => file.endsWith(".css"));
    expect(asset).toBeDefined();
    const response = await fetch(`${server.url}/assets/${asset}`, { headers: { "accept-encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });

  it("sends the build's own brotli file of an asset to a browser that takes brotli", async () => {
    const asset = fs.readdirSync(path.join(clientBuildDir, "assets")).find((file) => file.endsWith(".js"));
    // http.get, not fetch: fetch would decode the body, and the bytes as sent are the point.
    const { headers, body } = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        http
          .get(
            `${server.url}/assets/${asset}`,
            { headers: { "accept-encoding": "gzip, deflate, br" } },
            (res) => {
              const chunks: Buffer[] = [];
              res.on("data", (chunk: Buffer) => chunks.push(chunk));
              res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
            },
          )
          .on("error", reject);
      },
    );
    expect(headers["content-encoding"]).toBe("br");
    expect(headers["content-type"]).toMatch(/^text\/javascript/);
    expect(headers["vary"]).toContain("Accept-Encoding");
    expect(body.equals(fs.readFileSync(path.join(clientBuildDir, "assets", `${asset}.br`)))).toBe(true);
  });

  it("answers 404 for an unknown asset without rendering a page", async () => {
    const response = await fetch(`${server.url}/assets/missing.js`);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("text/plain");
  });

  it("logs one JSON line per request with its id, method, path, status and ms, and no secrets", async () => {
    const response = await fetch(`${server.url}/no-such-page?token=secret-token-value`, {
      headers: {
        cookie: "better-auth.session_token=secret-cookie-value",
        authorization: "Bearer secret-bearer",
        // A client cannot choose the id under which its request is logged.
        "x-request-id": "planted-id",
      },
    });
    const requestId = response.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = server
      .stdout()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const entry = lines.find((line) => line.msg === "request" && line.reqId === requestId);
    expect(entry).toMatchObject({ method: "GET", path: "/no-such-page", status: 404 });
    expect(typeof entry?.ms).toBe("number");
    expect(server.stdout()).not.toMatch(/secret-(token|cookie|bearer)|planted-id/);
  });

  it("refuses request bodies over 64 KB with 413 before any route runs", async () => {
    const response = await fetch(`${server.url}/`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: "message=" + "x".repeat(70 * 1024),
    });
    expect(response.status).toBe(413);
  });

  it("refuses a chunked request body with 411: its size could not be checked first", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("message=hello"));
        controller.close();
      },
    });
    const response = await fetch(`${server.url}/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(411);
  });

  it("refuses bodies that are not forms with 415, and lets a bodiless POST through", async () => {
    const post = (headers: Record<string, string>, body?: string) =>
      fetch(`${server.url}/no-such-page`, {
        method: "POST",
        headers: { origin: server.url, ...headers },
        body,
      });
    expect((await post({ "content-type": "application/json" }, '{"a":1}')).status).toBe(415);
    expect((await post({ "content-type": "text/plain" }, "a=b")).status).toBe(415);
    expect((await post({ "content-type": "multipart/form-data; boundary=x" }, "--x--\r\n")).status).not.toBe(
      415,
    );
    expect((await post({})).status).not.toBe(415);
  });

  it("refuses cross-origin form posts with 403 and lets same-origin ones through", async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${server.url}/no-such-page`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: "a=b",
      });
    expect((await post({ origin: "https://evil.example" })).status).toBe(403);
    expect((await post({ origin: server.url, "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await post({ origin: server.url, "sec-fetch-site": "same-origin" })).status).not.toBe(403);
  });

  it("refuses a second server on the same DATA_DIR and keeps serving", async () => {
    const second = await spawnServer({ DATA_DIR: dataDir }, { waitUntilReady: false });
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.stderr()).toContain(`in use by PID ${server.child.pid}`);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });
});

describe("prerendered pages as files", () => {
  // Pages are served as files only when they carry the origin the server runs with.
  const buildOrigin = readPrerenderOrigin(clientBuildDir) ?? "";
  let server: ServerProcess;
  beforeAll(async () => {
    server = await spawnServer({ DATA_DIR: migratedDataDir(), SITE_URL: buildOrigin });
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
  });

  it("serves the prerendered page as a file, and a server render to a signed-in visitor", async () => {
    const anonymous = await fetch(`${server.url}/`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get("last-modified")).toBe(
      fs.statSync(path.join(clientBuildDir, "index.html")).mtime.toUTCString(),
    );
    expect(anonymous.headers.get("vary")).toContain("Cookie");
    expect(await anonymous.text()).toBe(fs.readFileSync(path.join(clientBuildDir, "index.html"), "utf8"));
    const withSession = await fetch(`${server.url}/`, {
      headers: { cookie: "better-auth.session_token=abc" },
    });
    expect(withSession.status).toBe(200);
    expect(withSession.headers.get("last-modified")).toBeNull();
    expect(withSession.headers.get("cache-control")).toBe("private, no-store");
    expect(await withSession.text()).toContain("<h1");
    // A query string can change a page: rendered.
    const query = await fetch(`${server.url}/?from=mail`);
    expect(query.headers.get("last-modified")).toBeNull();
  });

  it("serves a page's client navigation data as a file, with React Router's type", async () => {
    const data = await fetch(`${server.url}/about.data`);
    expect(data.status).toBe(200);
    expect(data.headers.get("content-type")).toBe("text/x-script; charset=utf-8");
    expect(await data.text()).toBe(fs.readFileSync(path.join(clientBuildDir, "about.data"), "utf8"));
  });

  it("sends the security headers with a fresh nonce on a page served as a file", async () => {
    const [page, again] = await Promise.all([fetch(`${server.url}/about`), fetch(`${server.url}/about`)]);
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}';/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(again.headers.get("content-security-policy")).not.toBe(csp);
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
  });

  it("compresses to the encoding the request accepts, with ETag and 304", async () => {
    for (const [accept, expected] of [
      ["br, gzip", "br"],
      ["gzip", "gzip"],
      ["gzip;q=1, br;q=0.5", "gzip"],
      ["identity", null],
    ] as const) {
      const response = await fetch(`${server.url}/`, { headers: { "accept-encoding": accept } });
      expect(response.headers.get("content-encoding"), accept).toBe(expected);
      expect(response.headers.get("vary")).toBe("Cookie, Accept-Encoding");
      const etag = response.headers.get("etag");
      expect(etag).not.toBeNull();
      expect(await response.text()).toContain("<h1");
      // Not with fetch: it adds `Cache-Control: no-cache` to a request with
      // If-None-Match, which asks for the whole page again.
      const again = await new Promise<number | undefined>((resolve, reject) =>
        http
          .get(
            `${server.url}/`,
            { headers: { "accept-encoding": accept, "if-none-match": etag! } },
            (res) => {
              res.resume();
              resolve(res.statusCode);
            },
          )
          .on("error", reject),
      );
      expect(again).toBe(304);
    }
  });
});

describe("production server lifecycle", () => {
  // One start on a migrated copy serves two tests: HSTS is checked on it, then it is stopped.
  let server: ServerProcess;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = migratedDataDir();
    server = await spawnServer({ DATA_DIR: dataDir, SITE_URL: "https://www.example.test" });
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
  });

  it("sends HSTS when SITE_URL is https", async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.headers.get("strict-transport-security")).toContain("max-age=31536000");
    // Pages and files carry it too, and the same policy but for the nonce.
    const withoutNonce = (policy: string | null) => policy?.replace(/ 'nonce-[^']+'/, "");
    for (const urlPath of ["/", "/favicon.svg"]) {
      const other = await fetch(server.url + urlPath);
      expect(other.status, urlPath).toBe(200);
      expect(other.headers.get("strict-transport-security"), urlPath).toBe(
        response.headers.get("strict-transport-security"),
      );
      expect(withoutNonce(other.headers.get("content-security-policy")), urlPath).toBe(
        withoutNonce(response.headers.get("content-security-policy")),
      );
    }
  });

  it("exits 0 on SIGTERM and releases the data directory", async () => {
    expect(await server.stop("SIGTERM")).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
  });

  it("exits non-zero on bad configuration, naming the variable", async () => {
    const failing = await spawnServer({ DATA_DIR: tempDataDir(), PORT: "abc" }, { waitUntilReady: false });
    expect(await failing.exited).not.toBe(0);
    expect(failing.stderr()).toContain("PORT");
  });
});

// Postgres runs wherever TEST_DATABASE_URL is set (always in CI).
if (process.env.TEST_DATABASE_URL)
  describe("production server on Postgres", () => {
    const serverUrl = process.env.TEST_DATABASE_URL ?? "";
    let databaseUrl: string;
    beforeAll(async () => {
      databaseUrl = await createScratchPostgresDatabase(serverUrl, "test_server");
    });
    afterAll(async () => {
      await dropScratchPostgresDatabase(serverUrl, databaseUrl);
    });

    it("runs two instances against one database", async () => {
      const env = { DATABASE_URL: databaseUrl, BETTER_AUTH_SECRET: "x".repeat(40), DATA_DIR: tempDataDir() };
      const [first, second] = await Promise.all([spawnServer(env), spawnServer(env)]);
      try {
        for (const server of [first, second]) {
          expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
        }
      } finally {
        expect(await first.stop()).toBe(0);
        expect(await second.stop()).toBe(0);
      }
    });

    it("refuses to start on Postgres without BETTER_AUTH_SECRET", async () => {
      const server = await spawnServer({ DATABASE_URL: databaseUrl }, { waitUntilReady: false });
      expect(await server.exited).not.toBe(0);
      expect(server.stderr()).toContain("BETTER_AUTH_SECRET");
    });
  });
