/**
 * `npm run bench`: requests per second and p99 latency of the production
 * server under autocannon, for a prerendered page, a catalogue view (rendered once, then cached), a
 * form post and the admin inbox over a large table, each beside the same
 * figures for a plain static file server answering with the bytes the app
 * gave (the ceiling on this machine); then the server's memory.
 *
 * Knobs (environment): BENCH_SECONDS (10 per measurement), BENCH_CONNECTIONS
 * (20), BENCH_WARMUP_SECONDS (2), BENCH_ROWS (100000 inquiries),
 * BENCH_DATABASE_URL (run the app on a scratch database on this Postgres
 * server instead of embedded PGlite), BENCH_ACCEPT_ENCODING (e.g. "gzip";
 * unset, nothing is compressed), NODE_ENV (passed on to the server),
 * BUILD_DIR.
 *
 * `npm run bench -- --json FILE` also writes the table to FILE as JSON.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { CONTACT_FORM_PURPOSE } from "../app/routes/contact.server";
import { type DatabaseOptions, openDatabase } from "../app/lib/db/db.server";
import {
  createScratchPostgresDatabase,
  dropScratchPostgresDatabase,
} from "../tests/support/scratch-postgres";
import { parseEnv } from "../app/lib/env.server";
import { FORM_TOKEN_FIELD, issueFormToken } from "../app/lib/http/form-guard.server";
import { freePort, type ServerProcess, spawnServer } from "../tests/support/server-process";
import { capture, type LoadOptions, measure, memoryOf, type Scenario } from "./bench-load";
import { describeMachine, formatMb, formatTable, type Row, tableAsJson } from "./bench-report";
import { seedAdminSession, seedInquiries } from "./bench-seed";
import { startStaticServer } from "./bench-static-server";
import { ensureBuild } from "./ensure-build";

const LOAD: LoadOptions = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 20),
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 2),
  // Longer than autocannon's 10 s: a slow page's p99 is then a figure, not a count of errors.
  timeoutSeconds: 30,
};
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const POSTGRES_SERVER = process.env.BENCH_DATABASE_URL;
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING;
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const JSON_FILE = ((args: string[]) => {
  const at = args.indexOf("--json");
  if (at === -1) return undefined;
  const file = args[at + 1];
  if (!file || file.startsWith("--"))
    throw new Error("--json needs a file name: npm run bench -- --json FILE");
  return path.resolve(file);
})(process.argv.slice(2));
// Request logging to a pipe costs throughput; warnings and errors still show.
const LOG_LEVEL = "warn";
const SECRET = "bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz";
/** Matches two catalogue items (app/content/equipment.ts). */
const EQUIPMENT_QUERY = "excavator";

/** In table order. */
function scenarios(url: string, adminCookie: string): Scenario[] {
  const encoding: Record<string, string> = ACCEPT_ENCODING ? { "Accept-Encoding": ACCEPT_ENCODING } : {};
  // Issued a minute ago, as if a person had taken that long, and one per post (a token is
  // good for one inquiry): the posts are not filed as spam.
  const token = () => issueFormToken(SECRET, CONTACT_FORM_PURPOSE, Date.now() - 60_000);
  let sent = 0;
  return [
    { label: "GET / (prerendered)", method: "GET", path: "/", headers: encoding, expectedStatus: 200 },
    {
      label: `GET /equipment?q=${EQUIPMENT_QUERY} (anonymous, cached render)`,
      method: "GET",
      path: `/equipment?q=${EQUIPMENT_QUERY}`,
      headers: encoding,
      expectedStatus: 200,
    },
    {
      label: "POST /contact (no-JS form, 303)",
      method: "POST",
      path: "/contact",
      // Browsers send Origin on a form post; the app refuses cross-origin ones.
      headers: { ...encoding, "Content-Type": "application/x-www-form-urlencoded", Origin: url },
      body: () =>
        new URLSearchParams({
          [FORM_TOKEN_FIELD]: token(),
          name: "Bench Client",
          company: "Load Test Ltd",
          email: "client@example.test",
          phone: "+44 20 7946 0000",
          interest: "gold-buying",
          deal_size: "confidential",
          message: `Benchmark inquiry number ${++sent}`,
        }).toString(),
      expectedStatus: 303,
    },
    {
      label: `GET /dashboard (admin, ${ROWS.toLocaleString("en-GB")} rows)`,
      method: "GET",
      path: "/dashboard",
      headers: { ...encoding, Cookie: adminCookie },
      expectedStatus: 200,
    },
  ];
}

/** Seeds the database before the server opens it: PGlite allows one process at a time. */
async function prepareDatabase(options: DatabaseOptions, siteUrl: string, port: string): Promise<string> {
  const database = await openDatabase(options);
  try {
    const started = performance.now();
    await seedInquiries(database, ROWS);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Seeded ${ROWS.toLocaleString("en-GB")} inquiries in ${seconds} s`);
    const env = parseEnv({ PORT: port, SITE_URL: siteUrl, BETTER_AUTH_SECRET: SECRET });
    return await seedAdminSession(database, env);
  } finally {
    await database.close();
  }
}

/** The posts should have been stored as inquiries, not filed as spam. */
async function countPostedInquiries(options: DatabaseOptions): Promise<{ stored: number; spam: number }> {
  const database = await openDatabase(options);
  try {
    const { rows } = await database.db.execute<{ stored: number; spam: number }>(sql`
      select count(*)::int as stored, count(*) filter (where is_spam)::int as spam
      from contact_submissions where message like 'Benchmark inquiry number %'`);
    return rows[0] ?? { stored: 0, spam: 0 };
  } finally {
    await database.close();
  }
}

async function main() {
  const started = performance.now();
  const machine = describeMachine();
  ensureBuild(BUILD_DIR);
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-"));
  const port = String(await freePort());
  const url = `http://127.0.0.1:${port}`;
  const databaseUrl = POSTGRES_SERVER
    ? await createScratchPostgresDatabase(POSTGRES_SERVER, "bench")
    : undefined;
  const databaseOptions: DatabaseOptions = databaseUrl
    ? { kind: "postgres", url: databaseUrl }
    : { kind: "pglite", dataDir: path.join(tempDir, "data") };
  let server: ServerProcess | undefined;
  try {
    const adminCookie = await prepareDatabase(databaseOptions, url, port);
    server = await spawnServer({
      PORT: port,
      SITE_URL: url,
      DATA_DIR: path.join(tempDir, "data"),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...(process.env.NODE_ENV ? { NODE_ENV: process.env.NODE_ENV } : {}),
      BETTER_AUTH_SECRET: SECRET,
      CONTACT_RATE_LIMIT: "0",
      LOG_LEVEL,
    });
    const pid = server.child.pid!;
    const memoryAtStart = memoryOf(pid);

    const table = scenarios(url, adminCookie);
    // The dashboard goes before the posts add inquiries, so it lists exactly ROWS.
    const order = [table[0]!, table[1]!, table[3]!, table[2]!];
    const rows: Row[] = [];
    let memoryAfterLoad = memoryAtStart;
    for (const scenario of order) {
      process.stdout.write(`${scenario.label}: `);
      const answer = await capture(url, scenario);
      if (answer.status !== scenario.expectedStatus) {
        throw new Error(`${scenario.label}: expected ${scenario.expectedStatus}, got ${answer.status}`);
      }
      const app = await measure(url, scenario, LOAD);
      memoryAfterLoad = memoryOf(pid);
      const ceilingServer = await startStaticServer(
        tempDir,
        { method: scenario.method, url: scenario.path },
        answer,
      );
      const ceiling = await measure(ceilingServer.url, scenario, LOAD).finally(() => ceilingServer.stop());
      rows.push({ scenario, bodyBytes: answer.body.length, app, ceiling });
      console.log(`app ${Math.round(app.rps)} req/s, static ${Math.round(ceiling.rps)} req/s`);
    }
    await server.stop("SIGTERM");
    const inquiries = await countPostedInquiries(databaseOptions);
    rows.sort((a, b) => table.indexOf(a.scenario) - table.indexOf(b.scenario));

    console.log(`\n${new Date().toISOString().slice(0, 10)}, ${machine}`);
    console.log(
      `autocannon ${LOAD.connections} connections, ${LOAD.seconds} s per measurement after ${LOAD.warmupSeconds} s ` +
        `warm-up, Accept-Encoding: ${ACCEPT_ENCODING ?? "none"}; app on ${databaseUrl ? "PostgreSQL" : "PGlite (embedded)"}, ` +
        `LOG_LEVEL=${LOG_LEVEL}, NODE_ENV=${process.env.NODE_ENV ?? "production (as npm start)"}\n`,
    );
    console.log(formatTable(rows));
    if (JSON_FILE) {
      const context = {
        date: new Date().toISOString(),
        machine,
        connections: LOAD.connections,
        seconds: LOAD.seconds,
        acceptEncoding: ACCEPT_ENCODING ?? null,
        database: databaseUrl ? "postgres" : "pglite",
      };
      fs.writeFileSync(JSON_FILE, tableAsJson(rows, context));
      console.log(`Wrote ${JSON_FILE}`);
    }
    console.log(
      `\nApp server memory: RSS ${formatMb(memoryAfterLoad?.rssMb)} after the load ` +
        `(${formatMb(memoryAtStart?.rssMb)} at start, peak ${formatMb(memoryAfterLoad?.peakMb)}).`,
    );
    console.log(
      `POST /contact: ${inquiries.stored.toLocaleString("en-GB")} inquiries stored (warm-up included), ` +
        `${inquiries.spam} filed as spam.`,
    );
    for (const { scenario, app, ceiling } of rows) {
      for (const [who, figures] of [
        ["app", app],
        ["static server", ceiling],
      ] as const) {
        if (figures.wrongStatus + figures.errors === 0) continue;
        console.log(
          `${scenario.label}, ${who}: ${figures.wrongStatus} answers other than ${scenario.expectedStatus}, ` +
            `${figures.errors} connection errors or timeouts (${LOAD.timeoutSeconds} s).`,
        );
      }
    }
    console.log(`Took ${((performance.now() - started) / 1000).toFixed(0)} s.`);
    // Slow answers are figures; wrong answers mean the figures measure the wrong thing.
    const wrong = rows.some((row) => row.app.wrongStatus + row.ceiling.wrongStatus > 0) || inquiries.spam > 0;
    process.exitCode = wrong ? 1 : 0;
  } finally {
    await server?.stop("SIGKILL");
    if (databaseUrl) await dropScratchPostgresDatabase(POSTGRES_SERVER!, databaseUrl);
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}

await main();
