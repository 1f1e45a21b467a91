/**
 * `npm run bench:uploads`: clients upload KYC documents of the per-file limit at once through the production
 * server's client page, and the server's resident memory is read while they stream in. The budget (printed, not
 * enforced): ten concurrent 20 MB uploads raise the RSS by less than 100 MB.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseCommandLine } from "./command-line";
import { ensureBuild } from "./ensure-build";

const USAGE = `Usage: npm run bench:uploads

Seeds BENCH_CLIENTS leads, each with a KYC request, on embedded PGlite, starts
the production server (built first if there is no build) with a real clamd on
loopback, opens each lead's client link, then uploads one PDF of BENCH_MB MB
per client, all at once, to /client. Prints the server's resident memory
before, its highest reading during the uploads (read every 10 ms from /proc)
and after, the time taken, and checks every document was stored whole.
The budget (printed, not enforced): 10 uploads of 20 MB raise the RSS by less
than 100 MB.

Options:
  -h, --help    print this and exit

Environment:
  BENCH_CLIENTS   clients uploading at once (10)
  BENCH_MB        size of each upload in MB, at most the per-file limit (20)
  BUILD_DIR       the build to run (build)`;

parseCommandLine(USAGE, {}, { min: 0, max: 0 });

// Loaded once the arguments are read, so `--help` loads none of it (scripts/command-line.ts).
const { eq, sql } = await import("drizzle-orm");
const { jobs } = await import("../db/schema");
const { openDatabase } = await import("../app/lib/db/db.server");
const { parseEnv } = await import("../app/lib/env.server");
const { requestKyc } = await import("../app/lib/kyc/kyc-requests.server");
const { uploadLimits } = await import("../app/content/uploads");
const { createAccount } = await import("../db/seed/seed.server");
const { insertInquiry } = await import("../tests/support/desk-fixtures");
const { startClamd } = await import("../tests/support/clamd");
const { spawnServer, testSiteEnv } = await import("../tests/support/server-process");
const { memoryOf } = await import("./bench-load");

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);
const SIZE = Math.min(Number(process.env.BENCH_MB ?? 20) * 1024 * 1024, uploadLimits.maxFileBytes);
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const BUDGET_MB = 100;
const SECRET = "bench-uploads-secret-0123456789abcdef";

/** A PDF of `size` bytes: the header the format check reads, then filler a scanner reads to the end. */
function pdfOf(size: number): Buffer {
  const file = Buffer.alloc(size, 0x20);
  file.write("%PDF-1.7\n");
  file.write("\n%%EOF\n", size - 7);
  return file;
}

/** Seeds one lead per client with a KYC request and returns each request's client link token. */
async function seedClients(dataDir: string, siteUrl: string): Promise<string[]> {
  const env = parseEnv({ SITE_URL: siteUrl, BETTER_AUTH_SECRET: SECRET, DATA_DIR: dataDir });
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    const adminId = await createAccount(database.db, env, {
      name: "Bench Admin",
      email: "bench.admin@example.test",
      password: "bench-uploads-k7q2m9xw4r-quarry",
      admin: true,
    });
    const tokens: string[] = [];
    for (let client = 0; client < CLIENTS; client += 1) {
      const inquiryId = await insertInquiry(database.db, { email: `client${client}@example.test` });
      const requested = await requestKyc(database.db, {
        inquiryId,
        checklist: "individual-buyer",
        actorId: adminId,
        siteUrl,
      });
      if (typeof requested === "string") throw new Error(`KYC not requested: ${requested}`);
      const mails = await database.db
        .select({ payload: jobs.payload })
        .from(jobs)
        .where(eq(jobs.inquiry_id, inquiryId));
      const token = /\/client\/open\/([A-Za-z0-9_-]{43})/.exec(JSON.stringify(mails))?.[1];
      if (!token) throw new Error("no client link in the request's mail");
      tokens.push(token);
    }
    return tokens;
  } finally {
    await database.close();
  }
}

async function main() {
  ensureBuild(BUILD_DIR);
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-uploads-"));
  const dataDir = path.join(tempDir, "data");
  const clamd = await startClamd();
  const site = await testSiteEnv({
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: SECRET,
    UPLOAD_KEY: crypto.randomBytes(32).toString("base64"),
    CLAMD_ADDRESS: clamd.address,
  });
  const tokens = await seedClients(dataDir, site.url);
  const server = await spawnServer(site.env);
  const pid = server.child.pid!;
  try {
    const cookies: string[] = [];
    for (const token of tokens) {
      const opened = await fetch(`${site.url}/client/open/${token}`, { redirect: "manual" });
      const cookie = opened.headers.get("set-cookie")?.split(";")[0];
      if (opened.status !== 302 || !cookie) throw new Error(`client link not opened: ${opened.status}`);
      // The page once per client first, so the render's modules are loaded before memory is read.
      const page = await fetch(`${site.url}/client`, { headers: { cookie } });
      if (!page.ok) throw new Error(`client page: ${page.status}`);
      cookies.push(cookie);
    }
    const document = new Blob([new Uint8Array(pdfOf(SIZE))], { type: "application/pdf" });
    const before = memoryOf(pid);
    console.log(
      `KYC upload benchmark: ${CLIENTS} clients each uploading ${(SIZE / 1024 / 1024).toFixed(0)} MB at once, ` +
        `embedded PGlite, clamd on loopback; ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ` +
        `Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(2)}`,
    );
    let highest = before?.rssMb ?? 0;
    const sampler = setInterval(() => {
      highest = Math.max(highest, memoryOf(pid)?.rssMb ?? 0);
    }, 10);
    const started = performance.now();
    const answers = await Promise.all(
      cookies.map(async (cookie) => {
        const form = new FormData();
        form.set("item", "identity");
        form.set("document", document, "passport.pdf");
        const response = await fetch(`${site.url}/client`, {
          method: "POST",
          headers: { cookie, origin: site.url },
          body: form,
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const after = memoryOf(pid);
    const grown = highest - (before?.rssMb ?? 0);
    const mb = (value: number | undefined) => (value === undefined ? "?" : `${value.toFixed(1)} MB`);
    console.log(
      `  answers: ${answers.filter((status) => status === 200).length} of ${CLIENTS} 200 (${answers.join(", ")}) ` +
        `in ${seconds.toFixed(1)} s\n` +
        `  server RSS: ${mb(before?.rssMb)} before, highest ${mb(highest)} during, ${mb(after?.rssMb)} after; ` +
        `grew ${mb(grown)} (budget < ${BUDGET_MB} MB: ${grown < BUDGET_MB ? "met" : "NOT met"})`,
    );
    await server.stop("SIGTERM");

    const handle = await openDatabase({ kind: "pglite", dataDir });
    try {
      const { rows } = await handle.db.execute<{ stored: number; size: number }>(
        sql`select count(*)::int as stored, min(byte_size)::int as size from uploads where purpose = 'kyc'`,
      );
      const { stored, size } = rows[0]!;
      const ok = stored === CLIENTS && size === SIZE && answers.every((status) => status === 200);
      console.log(`  check: ${stored} documents stored, each ${size} bytes → ${ok ? "OK" : "FAILED"}`);
      process.exitCode = ok ? 0 : 1;
    } finally {
      await handle.close();
    }
  } finally {
    await server.stop("SIGKILL");
    await clamd.dispose();
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}

await main();
