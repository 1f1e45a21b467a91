/**
 * `npm run bench:contact`: throughput and latency of the contact form, end to
 * end through the production server, on the embedded database and (when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL names a Postgres server) on a
 * scratch Postgres database. Then it checks that every inquiry the server
 * acknowledged (303) is stored exactly once.
 *
 * Clients post the form as a browser without JavaScript does: each first
 * GETs /contact for a signed form token and waits out the minimum fill time,
 * like a person typing, so the inquiries are not filed as spam.
 *
 * BENCH_CLIENTS (20), BENCH_SECONDS (10) and BUILD_DIR tune it.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { DatabaseOptions } from "../app/lib/db/db.server";
import { spawnServer } from "../tests/support/server-process";
import { parseCommandLine } from "./command-line";
import { ensureBuild } from "./ensure-build";

const USAGE = `Usage: npm run bench:contact

Posts the contact form as browsers without JavaScript do (each client GETs
/contact for a form token, waits out the minimum fill time, posts), through the
production server (built first if there is no build), on embedded PGlite and,
when a Postgres server is named, on a scratch database there. Prints
throughput and latency, then checks every acknowledged (303) inquiry is stored
exactly once.

Options:
  -h, --help    print this and exit

Environment:
  BENCH_CLIENTS        concurrent clients (20)
  BENCH_SECONDS        seconds per database (10)
  BENCH_DATABASE_URL   a Postgres server (else TEST_DATABASE_URL; neither: PGlite only)
  BUILD_DIR            the build to run (build)`;

parseCommandLine(USAGE, {}, { min: 0, max: 0 });

// Loaded once the arguments are read, so `--help` loads none of it (scripts/command-line.ts).
const { sql } = await import("drizzle-orm");
const { openDatabase } = await import("../app/lib/db/db.server");
const { createScratchPostgresDatabase, dropScratchPostgresDatabase } =
  await import("../tests/support/scratch-postgres");
const { MIN_FILL_MS } = await import("../app/lib/http/form-guard.server");

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const POSTGRES_SERVER = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

interface RunResult {
  backend: string;
  acknowledged: string[];
  latenciesMs: number[];
  failures: Map<string, number>;
  elapsedS: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function fetchFormToken(url: string): Promise<string> {
  const html = await (await fetch(`${url}/contact`)).text();
  const token = /name="form_token" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error("no form token on /contact");
  return token;
}

async function runClients(url: string, backend: string): Promise<RunResult> {
  const acknowledged: string[] = [];
  const latenciesMs: number[] = [];
  const failures = new Map<string, number>();
  const tokens = await Promise.all(Array.from({ length: CLIENTS }, () => fetchFormToken(url)));
  // A person takes longer than this to fill in the form.
  await new Promise((resolve) => setTimeout(resolve, MIN_FILL_MS + 200));

  const runId = crypto.randomBytes(4).toString("hex");
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    tokens.map(async (token, client) => {
      for (let seq = 0; performance.now() < deadline; seq++) {
        const marker = `bench-${runId}-${client}-${seq}`;
        const body = new URLSearchParams({
          form_token: token,
          name: `Bench Client ${client}`,
          company: "Load Test Ltd",
          email: `client${client}@example.test`,
          phone: "+44 20 7946 0000",
          whatsapp: "",
          interest: "gold-buying",
          deal_size: "confidential",
          message: `Benchmark inquiry ${marker}`,
        });
        const t0 = performance.now();
        try {
          const response = await fetch(`${url}/contact`, { method: "POST", body, redirect: "manual" });
          await response.arrayBuffer();
          latenciesMs.push(performance.now() - t0);
          if (response.status === 303) acknowledged.push(marker);
          else failures.set(`HTTP ${response.status}`, (failures.get(`HTTP ${response.status}`) ?? 0) + 1);
        } catch (error) {
          const key = error instanceof Error ? error.message : String(error);
          failures.set(key, (failures.get(key) ?? 0) + 1);
        }
      }
    }),
  );
  return { backend, acknowledged, latenciesMs, failures, elapsedS: (performance.now() - started) / 1000 };
}

/** Every acknowledged marker stored exactly once, and nothing filed as spam. */
async function verify(options: DatabaseOptions, acknowledged: string[]): Promise<boolean> {
  const handle = await openDatabase(options);
  try {
    const { rows } = await handle.db.execute<{ marker: string; copies: number; spam: number }>(sql`
      select substring(message from 'bench-[a-z0-9-]+') as marker,
             count(*)::int as copies,
             count(*) filter (where is_spam)::int as spam
      from contact_submissions where message like 'Benchmark inquiry bench-%' group by 1`);
    const stored = new Map(rows.map((row) => [row.marker, row]));
    const missing = acknowledged.filter((marker) => !stored.has(marker));
    const duplicated = rows.filter((row) => row.copies > 1);
    const spam = rows.reduce((sum, row) => sum + row.spam, 0);
    const acknowledgedSet = new Set(acknowledged);
    const unacknowledged = rows.filter((row) => !acknowledgedSet.has(row.marker)).length;
    const ok = missing.length === 0 && duplicated.length === 0 && spam === 0;
    console.log(
      `  check: ${acknowledged.length} acknowledged, ${stored.size} stored; missing ${missing.length}, ` +
        `duplicated ${duplicated.length}, filed as spam ${spam}, stored without acknowledgement ${unacknowledged} ` +
        `→ ${ok ? "OK: every acknowledged inquiry is stored exactly once" : "FAILED"}`,
    );
    return ok;
  } finally {
    await handle.close();
  }
}

async function bench(backend: "pglite" | "postgres"): Promise<boolean> {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-contact-"));
  const dataDir = path.join(tempDir, "data");
  const databaseUrl =
    backend === "postgres" ? await createScratchPostgresDatabase(POSTGRES_SERVER!, "bench") : undefined;
  const server = await spawnServer({
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("base64url"),
    CONTACT_RATE_LIMIT: "0",
    ADMIN_EMAILS: "admin@example.test",
    LOG_LEVEL: "warn",
  });
  try {
    const result = await runClients(server.url, backend);
    await server.stop("SIGTERM");
    const sorted = [...result.latenciesMs].sort((a, b) => a - b);
    const failures = [...result.failures].map(([key, count]) => `${key} ×${count}`).join(", ") || "none";
    console.log(
      `${backend.padEnd(8)}  ${(result.acknowledged.length / result.elapsedS).toFixed(1).padStart(7)} inquiries/s` +
        `  p50 ${percentile(sorted, 50).toFixed(1)} ms  p99 ${percentile(sorted, 99).toFixed(1)} ms` +
        `  (${result.acknowledged.length} in ${result.elapsedS.toFixed(1)} s, ${CLIENTS} clients; failures: ${failures})`,
    );
    const options: DatabaseOptions = databaseUrl
      ? { kind: "postgres", url: databaseUrl }
      : { kind: "pglite", dataDir };
    return await verify(options, result.acknowledged);
  } finally {
    await server.stop("SIGKILL");
    if (databaseUrl) await dropScratchPostgresDatabase(POSTGRES_SERVER!, databaseUrl);
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}

async function main() {
  ensureBuild(BUILD_DIR);
  console.log(
    `Contact form benchmark: ${CLIENTS} concurrent clients for ${SECONDS} s per backend, ` +
      `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}`,
  );
  let ok = await bench("pglite");
  if (POSTGRES_SERVER) ok = (await bench("postgres")) && ok;
  else console.log("postgres  skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to a Postgres server");
  process.exitCode = ok ? 0 : 1;
}

await main();
