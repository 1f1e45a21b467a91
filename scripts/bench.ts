/**
 * `npm run bench`: requests per second, p99 latency and CPU per request of
 * the production server for a prerendered page, a filtered catalogue view, a
 * form post and the admin inbox over a large table, each beside two
 * ceilings answering the same bytes: a bare Node `http` server answering
 * from memory, and (GET rows) nginx with one worker serving them as a file.
 * Then GET / through deploy's nginx, the server's memory, and the budgets.
 * Knobs in USAGE below.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { DatabaseOptions } from "../app/lib/db/db.server";
import { freePort, type ServerProcess, spawnServer } from "../tests/support/server-process";
import { findOrInstall } from "./bench-apt";
import { startBareServer } from "./bench-bare-server";
import type { LoadOptions, Measurement, Scenario } from "./bench-load";
import { ensureNginx, type NginxLocation, startNginx } from "./bench-nginx";
import { describeMachine, formatMb, formatTable, loadAverage, type Row, tableAsJson } from "./bench-report";
import { parseCommandLine } from "./command-line";
import { ensureBuild } from "./ensure-build";
import { readPrerenderOrigin } from "../server/prerender-origin";

const USAGE = `Usage: npm run bench [-- --json FILE]

Loads the production server (built first if there is no build) as the
embedded default runs it (SITE_URL the build's, so prerendered pages are
served as files) and prints, for GET / (prerendered), GET /equipment and
GET /equipment?q=excavator (rendered, 200 published items), POST /contact
and the desk over
BENCH_ROWS inquiries and twice as many mails from leads, 10 admins at once
(the inbox's list, the cards for an admin who chose them, a search and a
lead page), the app's requests per
second, p99 latency and CPU per request against a bare Node http server
answering the same bytes and headers from memory, and for the two GET pages
against nginx (one worker) serving the same bytes as a file. Ratios app/Node
and app/nginx. Then GET / through deploy's nginx configuration
(deploy/nginx, without TLS, no cookie: answered from the file) against nginx
serving the same file, and the budgets (printed, not enforced): GET / on
the embedded default at least 5,000 requests a second; deploy's nginx at
least 90 % of the plain file server; the desk's rows p99 under 100 ms (the
budget is for PostgreSQL: BENCH_DATABASE_URL); POST /contact at least 100 a
second with p99 under 500 ms on the embedded default; the catalogue's two
pages p99 under 50 ms on the embedded default.

The load comes from wrk (Debian's package; installed with apt-get when missing
and run as root), else autocannon in worker threads; POST /contact always uses
autocannon in this process (a fresh form token per post). nginx is Debian's
(installed the same way), started on a free loopback port with its own
configuration, pid and log files in a temporary directory.

Options:
  --json FILE   also write the table to FILE as JSON
  -h, --help    print this and exit

Environment:
  BENCH_SECONDS          seconds per measurement (10)
  BENCH_WARMUP_SECONDS   warm-up before each measurement (2), repeated until
  BENCH_WARMUP_REQUESTS  a GET has answered this often (2000; at most 30 s)
  BENCH_CONNECTIONS      concurrent connections (20)
  BENCH_THREADS          wrk threads or autocannon workers (1)
  BENCH_CLIENT           wrk or autocannon (wrk when installed or installable)
  BENCH_NGINX            0 to skip nginx (the ceiling and deploy's configuration)
  BENCH_ROWS             inquiries seeded for the desk (100000)
  BENCH_MESSAGES         mails from leads seeded with them (twice BENCH_ROWS)
  BENCH_ONLY             run only the rows whose label contains this text
                         (e.g. "dashboard": the list and the cards)
  BENCH_DATABASE_URL     a Postgres server to run the app on (a scratch database;
                         default: embedded PGlite)
  BENCH_ACCEPT_ENCODING  e.g. gzip (default: none, nothing compressed)
  NODE_ENV               passed on to the server (default: production)
  BUILD_DIR              the build to run (build)`;

const { values: options } = parseCommandLine(USAGE, { json: { type: "string" } }, { min: 0, max: 0 });

// Loaded once the arguments are read, so `--help` loads none of it (scripts/command-line.ts).
const { sql } = await import("drizzle-orm");
const { CONTACT_FORM_PURPOSE } = await import("../app/routes/contact.server");
const { INBOX_LIST_PAGE_SIZE, INBOX_PAGE_SIZE } = await import("../app/forms/inbox");
const { openDatabase } = await import("../app/lib/db/db.server");
const { createScratchPostgresDatabase, dropScratchPostgresDatabase } =
  await import("../tests/support/scratch-postgres");
const { parseEnv } = await import("../app/lib/env.server");
const { FORM_TOKEN_FIELD, issueFormToken } = await import("../app/lib/http/form-guard.server");
const { capture, clientFor, MAX_WARMUP_SECONDS, measure, memoryOf, withChildren } =
  await import("./bench-load");
const { seedAdminSession, seedCatalogue, seedInquiries } = await import("./bench-seed");

const LOAD: Omit<LoadOptions, "wrk"> = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 20),
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 2),
  warmupRequests: Number(process.env.BENCH_WARMUP_REQUESTS ?? 2_000),
  // Longer than autocannon's 10 s: a slow page's p99 is then a figure, not a count of errors.
  timeoutSeconds: 30,
  threads: Number(process.env.BENCH_THREADS ?? 1),
};
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2 * ROWS);
/** The desk's rows: this many admins at work at once, one connection each. */
const DESK_ADMINS = 10;
/** A place many demo inquiries name (db/seed): a search with many matches. */
const SEARCH_TERM = "Tarkwa";
const ONLY = process.env.BENCH_ONLY;
const POSTGRES_SERVER = process.env.BENCH_DATABASE_URL;
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING;
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const JSON_FILE = options.json === undefined ? undefined : path.resolve(options.json);
const CLIENT = process.env.BENCH_CLIENT ?? "wrk";
const WITH_NGINX = process.env.BENCH_NGINX !== "0";
// Request logging to a pipe costs throughput; warnings and errors still show.
const LOG_LEVEL = "warn";
const SECRET = "bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz";
/** Published machines in the catalogue (decision 086: rendered from the database on each request). */
const CATALOGUE_ITEMS = 200;
/** Matches a third of them: copies of the two excavators. */
const EQUIPMENT_QUERY = "excavator";
/** The catalogue's pages, each at p99 under this on the embedded default. */
const CATALOGUE_P99_BUDGET_MS = 50;

/** In table order. */
function scenarios(url: string, desk: DeskSeed): Scenario[] {
  const encoding: Record<string, string> = ACCEPT_ENCODING ? { "Accept-Encoding": ACCEPT_ENCODING } : {};
  // Issued a minute ago, as if a person had taken that long, and one per post (a token is
  // good for one inquiry): the posts are not filed as spam.
  const token = () => issueFormToken(SECRET, CONTACT_FORM_PURPOSE, Date.now() - 60_000);
  let sent = 0;
  return [
    { label: "GET / (prerendered)", method: "GET", path: "/", headers: encoding, expectedStatus: 200 },
    {
      label: `GET /equipment (anonymous, ${CATALOGUE_ITEMS} items)`,
      method: "GET",
      path: "/equipment",
      headers: encoding,
      expectedStatus: 200,
    },
    {
      label: `GET /equipment?q=${EQUIPMENT_QUERY} (anonymous, rendered)`,
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
    // The same URL: each admin's inbox shows the layout the account chose.
    deskScenario(
      `GET /dashboard (admin, list, ${ROWS.toLocaleString("en-GB")} rows)`,
      "/dashboard",
      desk.list,
    ),
    deskScenario(
      `GET /dashboard (admin, cards, ${ROWS.toLocaleString("en-GB")} rows)`,
      "/dashboard",
      desk.cards,
    ),
    deskScenario(`GET /dashboard?q=${SEARCH_TERM} (admin, search)`, `/dashboard?q=${SEARCH_TERM}`, desk.list),
    deskScenario(
      "GET /dashboard/inquiries/:id (admin, lead page)",
      `/dashboard/inquiries/${desk.leadId}`,
      desk.list,
    ),
  ];

  function deskScenario(label: string, urlPath: string, cookie: string): Scenario {
    return {
      label,
      method: "GET",
      path: urlPath,
      headers: { ...encoding, Cookie: cookie },
      expectedStatus: 200,
      connections: DESK_ADMINS,
    };
  }
}

interface DeskSeed {
  /** Cookies of an admin who reads the list, and one who chose the cards. */
  list: string;
  cards: string;
  /** An inquiry from the middle of the table, with its mails. */
  leadId: string;
}

/** Seeds the database before the server opens it: PGlite allows one process at a time. */
async function prepareDatabase(options: DatabaseOptions, siteUrl: string, port: string): Promise<DeskSeed> {
  const database = await openDatabase(options);
  try {
    const started = performance.now();
    await seedInquiries(database, ROWS, undefined, MESSAGES);
    await seedCatalogue(database, CATALOGUE_ITEMS);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Seeded ${ROWS.toLocaleString("en-GB")} inquiries and ${MESSAGES.toLocaleString("en-GB")} mails in ${seconds} s`,
    );
    const env = parseEnv({ PORT: port, SITE_URL: siteUrl, BETTER_AUTH_SECRET: SECRET });
    const { rows } = await database.db.execute<{ id: string }>(sql`
      select id from contact_submissions where not is_spam order by created_at offset ${Math.floor(ROWS / 2)} limit 1`);
    return {
      list: await seedAdminSession(database, env, "list"),
      cards: await seedAdminSession(database, env, "cards"),
      leadId: rows[0]!.id,
    };
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

/** The load generator: wrk when installed or installable, else autocannon. */
function chooseClient(): LoadOptions {
  if (CLIENT === "autocannon") return LOAD;
  if (CLIENT !== "wrk") throw new Error(`BENCH_CLIENT must be wrk or autocannon, not ${CLIENT}`);
  const found = findOrInstall("wrk", "wrk");
  if ("binary" in found) return { ...LOAD, wrk: found.binary };
  console.log(`${found.missing}: autocannon in worker threads instead.`);
  return LOAD;
}

/** HTTP headers nginx writes itself for a file; the app's others are added to match. */
const NGINX_MADE = new Set([
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-type",
  "etag",
  "last-modified",
  "accept-ranges",
  "server",
]);

/**
 * What nginx serves for a GET row: the file in build/client when it holds
 * the bytes the app sent (a prerendered page), else a copy of them (a
 * rendered catalogue view).
 */
function nginxLocation(scenario: Scenario, answer: Awaited<ReturnType<typeof capture>>, dir: string) {
  const urlPath = scenario.path.split("?")[0]!;
  const built = path.join(BUILD_DIR, "client", urlPath.endsWith("/") ? `${urlPath}index.html` : urlPath);
  const same =
    fs.existsSync(built) && fs.statSync(built).isFile() && fs.readFileSync(built).equals(answer.body);
  const file = same ? path.resolve(built) : path.join(dir, `${urlPath.replace(/\W+/g, "_")}.body`);
  if (!same) fs.writeFileSync(file, answer.body);
  const headers: [string, string][] = [];
  for (let at = 0; at < answer.rawHeaders.length; at += 2) {
    const name = answer.rawHeaders[at]!;
    if (!NGINX_MADE.has(name.toLowerCase())) headers.push([name, answer.rawHeaders[at + 1]!]);
  }
  const location: NginxLocation = {
    path: urlPath,
    file,
    contentType: String(answer.headers["content-type"] ?? "application/octet-stream"),
    headers,
  };
  return { location, source: same ? `build/client${urlPath === "/" ? "/index.html" : urlPath}` : "a copy" };
}

/** What GET / on the embedded default, without a proxy, should reach on the 2-core machine. */
const EMBEDDED_GET_BUDGET_RPS = 5_000;
/** deploy's nginx answering GET / from the file, against nginx serving that file and nothing else. */
const DEPLOY_NGINX_BUDGET = 0.9;

/**
 * GET / through deploy/nginx/volta-meridian.conf as the topology test runs
 * it, without TLS (the ceiling has none) and with the app as its upstream
 * (a request without a cookie never reaches it).
 */
async function measureDeployNginx(
  appPort: number,
  scenario: Scenario,
  load: LoadOptions,
): Promise<Measurement | undefined> {
  const { startNginx: startDeployNginx } = await import("../tests/support/nginx-proxy");
  let proxy;
  try {
    proxy = await startDeployNginx([appPort, appPort], {
      clientDir: path.resolve(BUILD_DIR, "client"),
      plain: true,
    });
  } catch (error) {
    console.log(`deploy's nginx did not start: ${String(error)}`);
    return undefined;
  }
  const nginxPid = proxy.pid;
  return measure(proxy.url, scenario, load, () => withChildren(nginxPid)).finally(() => proxy.stop());
}

function printBudgets(home: Row | undefined, deployNginx: Measurement | undefined): void {
  const rps = (value: number) => Math.round(value).toLocaleString("en-GB");
  if (home) {
    const met = home.app.rps >= EMBEDDED_GET_BUDGET_RPS ? "met" : "NOT met";
    console.log(
      `\nGET / on the embedded default, no proxy: ${rps(home.app.rps)} req/s ` +
        `(budget >= ${rps(EMBEDDED_GET_BUDGET_RPS)} req/s: ${met}).`,
    );
  }
  if (home?.nginx && deployNginx) {
    const ratio = deployNginx.rps / home.nginx.rps;
    const met = ratio >= DEPLOY_NGINX_BUDGET ? "met" : "NOT met";
    console.log(
      `GET / through deploy's nginx, no cookie: ${rps(deployNginx.rps)} req/s against ` +
        `${rps(home.nginx.rps)} req/s for nginx serving the same file: ${(ratio * 100).toFixed(0)} % ` +
        `(budget >= ${DEPLOY_NGINX_BUDGET * 100} %: ${met}).`,
    );
  } else {
    console.log("GET / through deploy's nginx: not measured (no nginx, or BENCH_NGINX=0).");
  }
}

/** The desk's pages at ROWS inquiries, its admins at once, on PostgreSQL. */
const DESK_P99_BUDGET_MS = 100;
/** POST /contact at ROWS inquiries on the embedded default. */
const CONTACT_BUDGET = { rps: 100, p99Ms: 500 };

function printCatalogueBudget(catalogue: Row[], database: string): void {
  for (const { scenario, app } of catalogue) {
    const met = app.p99Ms < CATALOGUE_P99_BUDGET_MS ? "met" : "NOT met";
    console.log(
      `${scenario.label} on ${database}: p99 ${app.p99Ms.toFixed(1)} ms ` +
        `(budget < ${CATALOGUE_P99_BUDGET_MS} ms with ${CATALOGUE_ITEMS} published items on the embedded default: ` +
        `${database === "PostgreSQL" ? "run without BENCH_DATABASE_URL" : met}).`,
    );
  }
}

function printDeskAndContactBudgets(desk: Row[], contact: Row | undefined, database: string): void {
  const onBudgetDatabase = database === "PostgreSQL";
  for (const { scenario, app } of desk) {
    const met = app.p99Ms < DESK_P99_BUDGET_MS ? "met" : "NOT met";
    console.log(
      `${scenario.label} on ${database}, ${DESK_ADMINS} admins: p99 ${app.p99Ms.toFixed(1)} ms ` +
        `(budget < ${DESK_P99_BUDGET_MS} ms on PostgreSQL: ${onBudgetDatabase ? met : "run with BENCH_DATABASE_URL"}).`,
    );
  }
  if (contact) {
    const { rps, p99Ms, cpuUsPerRequest } = contact.app;
    const met = rps >= CONTACT_BUDGET.rps && p99Ms < CONTACT_BUDGET.p99Ms ? "met" : "NOT met";
    const cpu = cpuUsPerRequest === undefined ? "" : `, ${(cpuUsPerRequest / 1000).toFixed(1)} ms CPU each`;
    console.log(
      `POST /contact on ${database} at ${ROWS.toLocaleString("en-GB")} inquiries: ${rps.toFixed(0)}/s, ` +
        `p99 ${p99Ms.toFixed(0)} ms${cpu} (budget >= ${CONTACT_BUDGET.rps}/s and p99 < ${CONTACT_BUDGET.p99Ms} ms ` +
        `on the embedded default: ${onBudgetDatabase ? "run without BENCH_DATABASE_URL" : met}; ` +
        `compare the CPU with BENCH_ROWS=1000 BENCH_ONLY=contact, at most twice).`,
    );
  }
}

async function main() {
  const started = performance.now();
  const machine = describeMachine();
  console.log(machine);
  ensureBuild(BUILD_DIR);
  const load = chooseClient();
  const nginx = WITH_NGINX ? ensureNginx() : { missing: "BENCH_NGINX=0" };
  if ("missing" in nginx) console.log(`No nginx ceiling: ${nginx.missing}.`);
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-"));
  const port = String(await freePort());
  const url = `http://127.0.0.1:${port}`;
  // As `npm start` runs a build: its pages carry the origin the server runs with.
  const siteUrl = readPrerenderOrigin(path.join(BUILD_DIR, "client")) ?? url;
  const databaseUrl = POSTGRES_SERVER
    ? await createScratchPostgresDatabase(POSTGRES_SERVER, "bench")
    : undefined;
  const databaseOptions: DatabaseOptions = databaseUrl
    ? { kind: "postgres", url: databaseUrl }
    : { kind: "pglite", dataDir: path.join(tempDir, "data") };
  let server: ServerProcess | undefined;
  try {
    const desk = await prepareDatabase(databaseOptions, siteUrl, port);
    server = await spawnServer({
      PORT: port,
      SITE_URL: siteUrl,
      DATA_DIR: path.join(tempDir, "data"),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...(process.env.NODE_ENV ? { NODE_ENV: process.env.NODE_ENV } : {}),
      BETTER_AUTH_SECRET: SECRET,
      CONTACT_RATE_LIMIT: "0",
      LOG_LEVEL,
    });
    const pid = server.child.pid!;
    const memoryAtStart = memoryOf(pid);

    const table = scenarios(url, desk);
    const [home, catalogue, filtered, contact, ...deskRows] = table;
    // The desk goes before the posts add inquiries, so it lists exactly ROWS.
    const order = [home!, catalogue!, filtered!, ...deskRows, contact!].filter(
      (scenario) => !ONLY || scenario.label.includes(ONLY),
    );
    const rows: Row[] = [];
    const nginxSources: string[] = [];
    let memoryAfterLoad = memoryAtStart;
    let deployNginx: Measurement | undefined;
    for (const scenario of order) {
      process.stdout.write(`${scenario.label} (${clientFor(scenario, load)}): `);
      const answer = await capture(url, scenario);
      if (answer.status !== scenario.expectedStatus) {
        throw new Error(`${scenario.label}: expected ${scenario.expectedStatus}, got ${answer.status}`);
      }
      const app = await measure(url, scenario, load, () => [pid]);
      memoryAfterLoad = memoryOf(pid);
      const bare = await startBareServer(tempDir, { method: scenario.method, url: scenario.path }, answer);
      const node = await measure(bare.url, scenario, load, () => [bare.pid]).finally(() => bare.stop());
      let nginxFigures: Measurement | undefined;
      if ("binary" in nginx && scenario.method === "GET" && !scenario.headers.Cookie) {
        const { location, source } = nginxLocation(scenario, answer, tempDir);
        nginxSources.push(`${scenario.path} from ${source}`);
        const prefix = path.join(tempDir, `nginx-${rows.length}`);
        const nginxServer = await startNginx(nginx.binary, prefix, await freePort(), [location]);
        nginxFigures = await measure(nginxServer.url, scenario, load, () =>
          withChildren(nginxServer.pid),
        ).finally(() => nginxServer.stop());
      }
      rows.push({ scenario, bodyBytes: answer.body.length, app, node, nginx: nginxFigures });
      console.log(
        `app ${Math.round(app.rps)} req/s, bare Node ${Math.round(node.rps)} req/s` +
          (nginxFigures ? `, nginx ${Math.round(nginxFigures.rps)} req/s` : ""),
      );
      if (scenario === table[0] && "binary" in nginx) {
        process.stdout.write(`GET / through deploy's nginx, no cookie (${clientFor(scenario, load)}): `);
        deployNginx = await measureDeployNginx(Number(port), scenario, load);
        console.log(deployNginx ? `${Math.round(deployNginx.rps)} req/s` : "not run");
      }
    }
    await server.stop("SIGTERM");
    const inquiries = await countPostedInquiries(databaseOptions);
    rows.sort((a, b) => table.indexOf(a.scenario) - table.indexOf(b.scenario));

    console.log(`\n${new Date().toISOString().slice(0, 10)}, ${machine}; ${loadAverage()} at end`);
    console.log(
      `wrk or autocannon as above, ${LOAD.connections} connections, ${LOAD.seconds} s per measurement after ` +
        `${LOAD.warmupSeconds} s warm-up (a GET's repeated to ${LOAD.warmupRequests} answers, at most ` +
        `${MAX_WARMUP_SECONDS} s), Accept-Encoding: ${ACCEPT_ENCODING ?? "none"}; app on ` +
        `${databaseUrl ? "PostgreSQL" : "PGlite (embedded)"}, LOG_LEVEL=${LOG_LEVEL}, ` +
        `NODE_ENV=${process.env.NODE_ENV ?? "production (as npm start)"}; ` +
        `nginx 1 worker${nginxSources.length ? ` (${nginxSources.join(", ")})` : ": not run"}\n`,
    );
    console.log(formatTable(rows));
    const [list, cards] = deskRows
      .slice(0, 2)
      .map((scenario) => rows.find((row) => row.scenario === scenario));
    if (list && cards) {
      console.log(
        `\nThe list against the cards: ${(list.app.rps / cards.app.rps).toFixed(2)} times the requests ` +
          `per second, ${(list.bodyBytes / 1024).toFixed(1)} KB of HTML for ${INBOX_LIST_PAGE_SIZE} rows ` +
          `against ${(cards.bodyBytes / 1024).toFixed(1)} KB for ${INBOX_PAGE_SIZE} cards.`,
      );
    }
    if (JSON_FILE) {
      const context = {
        date: new Date().toISOString(),
        machine,
        loadAverageAtEnd: loadAverage(),
        client: load.wrk ? "wrk" : "autocannon",
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
    for (const { scenario, app, node, nginx: nginxFigures } of rows) {
      for (const [who, figures] of [
        ["app", app],
        ["bare Node server", node],
        ["nginx", nginxFigures],
      ] as const) {
        if (!figures || figures.wrongStatus + figures.errors === 0) continue;
        console.log(
          `${scenario.label}, ${who}: ${figures.wrongStatus} answers other than ${scenario.expectedStatus}, ` +
            `${figures.errors} connection errors or timeouts (${LOAD.timeoutSeconds} s).`,
        );
      }
    }
    const rowOf = (scenario: Scenario | undefined) => rows.find((row) => row.scenario === scenario);
    printBudgets(rowOf(home), deployNginx);
    printCatalogueBudget(
      [catalogue, filtered].flatMap((scenario) => rowOf(scenario) ?? []),
      databaseUrl ? "PostgreSQL" : "PGlite",
    );
    printDeskAndContactBudgets(
      deskRows.flatMap((scenario) => rowOf(scenario) ?? []),
      rowOf(contact),
      databaseUrl ? "PostgreSQL" : "PGlite",
    );
    console.log(
      `Took ${((performance.now() - started) / 1000).toFixed(0)} s; load average ${loadAverage()} at end.`,
    );
    // Slow answers are figures; wrong answers mean the figures measure the wrong thing.
    const wrong =
      rows.some((row) => row.app.wrongStatus + row.node.wrongStatus + (row.nginx?.wrongStatus ?? 0) > 0) ||
      inquiries.spam > 0;
    process.exitCode = wrong ? 1 : 0;
  } finally {
    await server?.stop("SIGKILL");
    if (databaseUrl) await dropScratchPostgresDatabase(POSTGRES_SERVER!, databaseUrl);
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}

await main();
