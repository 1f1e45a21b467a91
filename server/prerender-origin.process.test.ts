import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readPrerenderOrigin } from "./prerender-origin";
import { PUBLIC_ROUTES } from "../tests/support/public-routes";
import { clientBuildDir, type ServerProcess, spawnServer } from "../tests/support/server-process";
import { createPgliteDataDir } from "../tests/support/test-database";

// Real server processes on a busy machine: a generous ceiling, not a speed goal.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/** Not the origin any build here is made with. */
const RUNTIME_ORIGIN = "https://runtime-origin.example";

describe("prerendered pages served with another SITE_URL than the build's", () => {
  let server: ServerProcess;
  let tempDir: string;
  const buildOrigin = readPrerenderOrigin(clientBuildDir);
  beforeAll(async () => {
    tempDir = createPgliteDataDir("origin-test-");
    server = await spawnServer({ DATA_DIR: tempDir, SITE_URL: RUNTIME_ORIGIN });
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
    fs.rmSync(tempDir, { recursive: true, force: true });
  });

  it("was built with another origin", () => {
    expect(buildOrigin).toMatch(/^https?:\/\//);
    expect(buildOrigin).not.toBe(RUNTIME_ORIGIN);
  });

  const prerendered = fs.existsSync(clientBuildDir)
    ? PUBLIC_ROUTES.filter(({ path: urlPath }) =>
        fs.existsSync(path.join(clientBuildDir, urlPath, "index.html")),
      )
    : [];
  it("prerenders most public pages (else this test would check little)", () => {
    expect(prerendered.length).toBeGreaterThan(PUBLIC_ROUTES.length / 2);
  });

  for (const encoding of ["br", "gzip", "identity"])
    it.each(PUBLIC_ROUTES.map((route) => [route.path]))(
      `%s carries the runtime origin in every absolute URL of its own (${encoding})`,
      async (urlPath) => {
        const response = await fetch(server.url + urlPath, { headers: { "accept-encoding": encoding } });
        expect(response.status).toBe(200);
        const html = await response.text();
        expect(html).not.toContain(buildOrigin);
        const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
        expect(canonical?.startsWith(`${RUNTIME_ORIGIN}/`)).toBe(true);
        expect(/<meta property="og:url" content="([^"]+)"/.exec(html)?.[1]).toBe(canonical);
        const jsonLd = /<script type="application\/ld\+json">([^<]+)<\/script>/.exec(html)?.[1];
        expect((JSON.parse(jsonLd ?? "{}") as { url?: string }).url).toBe(RUNTIME_ORIGIN);
      },
    );

  it("rewrites the client navigation data of prerendered pages too", async () => {
    const response = await fetch(`${server.url}/_.data`);
    expect(response.status).toBe(200);
    const data = await response.text();
    expect(data).toContain(RUNTIME_ORIGIN);
    expect(data).not.toContain(buildOrigin);
  });
});
