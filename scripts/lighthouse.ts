/**
 * `npm run lighthouse`: builds the site, starts the production server on a
 * scratch data directory and prints Lighthouse's four category scores and the
 * Largest Contentful Paint for the key public pages and, signed in as an
 * admin who proved a second factor, the inbox's list and a lead page on the
 * demo desk (mobile, default throttling), using the system Chromium. Each route runs LIGHTHOUSE_RUNS
 * times (3); the median and the worst score per category are printed, as one
 * run is not a measurement. A benchmark that prints figures; it does not fail
 * on them.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fail, parseCommandLine } from "./command-line";

const USAGE = `Usage: npm run lighthouse -- [--no-build] [--only public|desk] [--save DIR]

Builds the site, starts the production server on a scratch data directory and
prints Lighthouse's category scores and LCP for the key public pages and,
signed in as an admin (password and authenticator code) on the demo desk,
/dashboard (the list) and a lead page (median and worst of LIGHTHOUSE_RUNS
runs, default 3), with the system Chromium.
--no-build: use the existing build (BUILD_DIR, default build).
--only public|desk: only the public pages, or only the two signed-in pages.
--save DIR: also write each run's full report to DIR as JSON, to read what
  an audit found (render-blocking resources, the critical request chains).
Environment: LIGHTHOUSE_RUNS, LIGHTHOUSE_PORT (default 4399), BUILD_DIR.`;

const { values: options } = parseCommandLine(
  USAGE,
  { "no-build": { type: "boolean" }, only: { type: "string" }, save: { type: "string" } },
  { min: 0, max: 0 },
);
if (options.only !== undefined && options.only !== "public" && options.only !== "desk") fail(USAGE);

// Loaded once the arguments are read, so `--help` loads none of it (scripts/command-line.ts).
const { chromium } = await import("@playwright/test");
const { default: lighthouse } = await import("lighthouse");
const { parseEnv } = await import("../app/lib/env.server");
const { findChromium } = await import("../tests/support/chromium");
const { seedSignedInDesk } = await import("./lighthouse-seed");

const ROUTES = [
  "/",
  "/about",
  "/equipment",
  "/contact",
  "/licensing",
  // With two photos (scripts/lighthouse-seed.ts).
  "/equipment/cat-320-excavator",
  "/faqs",
];
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const buildDir = process.env.BUILD_DIR ?? "build";
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4399);
const origin = `http://127.0.0.1:${port}`;
// Fixed, so the session seeded before the server starts is one the server accepts.
const SECRET = "lighthouse-secret-0123456789-abcdefghijklmnopqrstuvwxyz";

function build() {
  if (options["no-build"]) return;
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit", env: process.env });
  if (result.status !== 0) throw new Error("build failed");
}

async function startServer(dataDir: string) {
  const server = spawn("node", [path.join(buildDir, "server/index.js")], {
    env: {
      NODE_ENV: "production",
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SITE_URL: origin,
      BETTER_AUTH_SECRET: SECRET,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill("SIGTERM");
  throw new Error("the server did not start");
}

function median(sorted: number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function main() {
  build();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-data-"));
  try {
    await measureRoutes(dataDir);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measureRoutes(dataDir: string) {
  const env = parseEnv({ PORT: String(port), SITE_URL: origin, BETTER_AUTH_SECRET: SECRET });
  const desk = await seedSignedInDesk(dataDir, env);
  const server = await startServer(dataDir);
  const routes: { label: string; path: string; headers?: Record<string, string> }[] = [
    ...(options.only === "desk" ? [] : ROUTES.map((route) => ({ label: route, path: route }))),
    // Signed in: the session cookie goes with every request Lighthouse makes.
    ...(options.only === "public"
      ? []
      : [
          { label: "/dashboard (admin, list)", path: "/dashboard", headers: { Cookie: desk.cookie } },
          {
            label: "/dashboard/inquiries/:id (admin)",
            path: desk.leadPath,
            headers: { Cookie: desk.cookie },
          },
        ]),
  ];
  if (options.save) fs.mkdirSync(options.save, { recursive: true });
  const debuggingPort = port + 1;
  // Launched inside the try: a browser that fails to start must not leave the server running.
  let browser: Awaited<ReturnType<typeof chromium.launch>> | undefined;
  try {
    browser = await chromium.launch({
      executablePath: findChromium(),
      args: [`--remote-debugging-port=${debuggingPort}`, "--disable-gpu"],
    });
    console.log(`Lighthouse (mobile, default throttling) against ${origin}, ${RUNS} runs per route`);
    console.log(
      [
        "route".padEnd(34),
        "perf",
        "a11y",
        "best",
        "seo ",
        "(median / worst)",
        "TBT median",
        "LCP median",
      ].join("  "),
    );
    for (const route of routes) {
      const runs: NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"][] = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(`${origin}${route.path}`, {
          port: debuggingPort,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
          ...(route.headers ? { extraHeaders: route.headers } : {}),
        });
        if (!result) throw new Error(`no result for ${route.label}`);
        // Signed out, the dashboard answers with the sign-in page: that would be measured instead.
        if (result.lhr.finalDisplayedUrl !== `${origin}${route.path}`) {
          throw new Error(`${route.label}: Lighthouse ended on ${result.lhr.finalDisplayedUrl}`);
        }
        runs.push(result.lhr);
        if (options.save) {
          const name = `${route.path.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}-${run + 1}.json`;
          fs.writeFileSync(path.join(options.save, name), JSON.stringify(result.lhr, null, 1));
        }
      }
      const scoresOf = (id: (typeof CATEGORIES)[number]) =>
        runs.map((lhr) => Math.round((lhr.categories[id]?.score ?? 0) * 100)).sort((a, b) => a - b);
      const cells = CATEGORIES.map((id) => {
        const scores = scoresOf(id);
        return `${median(scores)}/${scores[0]}`.padStart(7);
      });
      const numeric = (id: string) =>
        runs.map((lhr) => lhr.audits[id]?.numericValue ?? Number.NaN).sort((a, b) => a - b);
      const tbt = `${Math.round(median(numeric("total-blocking-time")))} ms`;
      const lcp = `${(median(numeric("largest-contentful-paint")) / 1000).toFixed(1)} s`;
      console.log([route.label.padEnd(34), ...cells, tbt.padStart(10), lcp.padStart(10)].join("  "));
      // What cost points in the worst run of each category.
      for (const id of CATEGORIES) {
        const worst = runs.reduce((a, b) =>
          (a.categories[id]?.score ?? 0) <= (b.categories[id]?.score ?? 0) ? a : b,
        );
        const category = worst.categories[id];
        if (!category || category.score === 1) continue;
        const failing = category.auditRefs
          .map((ref) => worst.audits[ref.id])
          .filter(
            (audit) =>
              audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== "informative",
          )
          .map((audit) => (audit?.displayValue ? `${audit.id} (${audit.displayValue})` : audit?.id));
        if (failing.length) console.log(`    ${id} below 100 (worst run): ${failing.join(", ")}`);
      }
    }
  } finally {
    await browser?.close();
    server.kill("SIGTERM");
  }
}

await main();
