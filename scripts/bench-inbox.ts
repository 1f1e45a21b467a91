/**
 * `npm run bench:inbox`: seeds 100,000 inquiries and prints p50/p99 server
 * time of the inbox's queries (the dashboard loader's: a page plus the
 * unread count) for the first page, a filtered page and a search, on PGlite
 * (in memory) and on Postgres (a scratch database on the server of
 * BENCH_DATABASE_URL or TEST_DATABASE_URL, dropped afterwards).
 *
 * Options (environment): BENCH_ROWS (default 100000), BENCH_RUNS (default 100).
 */
import { sql } from "drizzle-orm";
import { contactSubmissions } from "../db/schema";
import { DEAL_SIZE_VALUES, INTEREST_VALUES } from "../app/content/inquiry-options";
import { type InboxFilter, InboxFilterSchema } from "../app/forms/inbox";
import {
  createScratchPostgresDatabase,
  type DatabaseHandle,
  dropScratchPostgresDatabase,
  openDatabase,
} from "../app/lib/db.server";
import { countUnread, listInquiries } from "../app/lib/inbox.server";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const WORDS =
  "gold bullion licence excavator rental purchase assay export kyc compliance tonnes wash plant trommel dozer accra kumasi london dubai shipment refinery".split(
    " ",
  );

/** Deterministic pseudo-random numbers, so every run seeds the same inbox. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function seed(database: DatabaseHandle): Promise<void> {
  const next = random(42);
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)] as T;
  const start = Date.UTC(2023, 0, 1);
  const span = Date.UTC(2025, 0, 1) - start;
  const batchSize = 2_000;
  for (let offset = 0; offset < ROWS; offset += batchSize) {
    const rows = Array.from({ length: Math.min(batchSize, ROWS - offset) }, (_, i) => {
      const n = offset + i;
      const created = new Date(start + Math.floor(next() * span));
      return {
        name: `Visitor ${n}`,
        company: next() < 0.6 ? `Company ${Math.floor(next() * 5_000)}` : null,
        email: `visitor${n}@example.test`,
        phone: next() < 0.5 ? `+44 20 7946 ${String(n % 10_000).padStart(4, "0")}` : null,
        whatsapp: next() < 0.3 ? `+233 20 ${String(n % 1_000_000).padStart(6, "0")}` : null,
        interest: pick(INTEREST_VALUES),
        deal_size: next() < 0.8 ? pick(DEAL_SIZE_VALUES) : null,
        message: Array.from({ length: 20 + Math.floor(next() * 60) }, () => pick(WORDS)).join(" "),
        created_at: created,
        read_at: next() < 0.9 ? new Date(created.getTime() + 3_600_000) : null,
        is_spam: next() < 0.02,
      };
    });
    await database.db.insert(contactSubmissions).values(rows);
  }
  // As autovacuum would have by now: statistics, and the visibility map index-only counts need.
  await database.db.execute(sql`vacuum analyze contact_submissions`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function measure(database: DatabaseHandle, filter: InboxFilter): Promise<{ p50: number; p99: number }> {
  const run = () => Promise.all([listInquiries(database.db, filter), countUnread(database.db)]);
  for (let i = 0; i < 5; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

const CASES: [string, InboxFilter][] = [
  ["first page", InboxFilterSchema.parse({})],
  [
    "filtered page (unread, gold-buying)",
    InboxFilterSchema.parse({ status: "unread", interest: "gold-buying" }),
  ],
  ["search ('Company 123')", InboxFilterSchema.parse({ q: "Company 123" })],
];

async function bench(label: string, database: DatabaseHandle): Promise<void> {
  const seeding = performance.now();
  await seed(database);
  console.log(
    `\n${label}: seeded ${ROWS.toLocaleString("en-GB")} inquiries in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );
  for (const [name, filter] of CASES) {
    const { p50, p99 } = await measure(database, filter);
    console.log(
      `  ${name.padEnd(38)} p50 ${p50.toFixed(1).padStart(7)} ms   p99 ${p99.toFixed(1).padStart(7)} ms`,
    );
  }
}

async function main(): Promise<void> {
  console.log(
    `inbox benchmark: ${ROWS.toLocaleString("en-GB")} rows, ${RUNS} runs per query (page + unread count)`,
  );
  const pglite = await openDatabase({ kind: "pglite", dataDir: null });
  try {
    await bench("PGlite (in memory)", pglite);
  } finally {
    await pglite.close();
  }

  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    console.log(
      "\nPostgres: skipped — set BENCH_DATABASE_URL or TEST_DATABASE_URL (a server where a scratch database may be created).",
    );
    return;
  }
  const url = await createScratchPostgresDatabase(serverUrl, "bench_inbox");
  const postgres = await openDatabase({ kind: "postgres", url, poolSize: 4 });
  try {
    await bench("Postgres", postgres);
  } finally {
    await postgres.close();
    await dropScratchPostgresDatabase(serverUrl, url);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
