/**
 * `npm run bench:inbox`: seeds 100,000 inquiries (with a desk reply on each
 * answered one and 200,000 mails from the leads) and prints p50/p99 server
 * time of the inbox's queries (the dashboard loader's: a page plus its total
 * and the unread count) for the first page, a filtered page, a search with no match and one with
 * many (a seeded company), what customers quote (a reference, a phone or
 * WhatsApp number, a phrase of the notes, words of the mail received), the lead desk's "awaiting reply" and "mine" views,
 * and the reports page's figures for the last 4, 12 and 52 weeks and a custom
 * range of two years, on PGlite
 * (in memory) and on Postgres (a scratch database on the server of
 * BENCH_DATABASE_URL or TEST_DATABASE_URL, dropped afterwards).
 *
 * Options (environment): BENCH_ROWS (default 100000), BENCH_MESSAGES (default
 * twice BENCH_ROWS), BENCH_RUNS (default 100),
 * BENCH_BACKENDS (default "pglite,postgres"; one of them to repeat it alone).
 */
import type { InboxFilter } from "../app/forms/inbox";
import type { DatabaseHandle } from "../app/lib/db/db.server";
import { loadAverage } from "./bench-report";
import { runOnBackends, timeRuns } from "./bench-runner";
import { parseCommandLine } from "./command-line";

const USAGE = `Usage: npm run bench:inbox

Seeds an inbox of inquiries, the desk's replies and the leads' mail, and prints p50/p99 server time of the admin
inbox's queries (a page, its total and the unread count) for the first page, a
filter, searches with no match and with many, searches for a reference, a
phone or WhatsApp number, the notes and the text of mail received, the "awaiting reply" and "mine"
views, on PGlite (in memory) and on
Postgres (a scratch database, dropped afterwards).

Options:
  -h, --help    print this and exit

Environment:
  BENCH_ROWS           inquiries seeded (100000)
  BENCH_MESSAGES       mails from leads seeded (twice BENCH_ROWS)
  BENCH_RUNS           runs per query (100)
  BENCH_ONLY           run only the views whose name contains this text (e.g. "search")
  BENCH_BACKENDS       pglite,postgres (default both; one name to run it alone)
  BENCH_DATABASE_URL   the Postgres server (else TEST_DATABASE_URL)`;

parseCommandLine(USAGE, {}, { min: 0, max: 0 });

// Loaded once the arguments are read, so `--help` loads none of it (scripts/command-line.ts).
const { InboxFilterSchema } = await import("../app/forms/inbox");
const { contactSubmissions, user } = await import("../db/schema");
const { formatInquiryReference } = await import("../app/lib/inquiries/inquiry");
const { selectInquiryPage } = await import("../app/lib/inquiries/inquiries.server");
const { countInquiries, countUnread } = await import("../app/lib/inquiries/counts.server");
const { parseReportRange } = await import("../app/lib/reports/report-range");
const { buildReport } = await import("../app/lib/reports/weekly-report.server");
const { seedInquiries } = await import("./bench-seed");

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2 * ROWS);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const ONLY = process.env.BENCH_ONLY;

/** The admin whose leads the "mine" view shows, and three colleagues. */
const OWNER_ID = "bench-owner";
const TEAM = [OWNER_ID, "bench-colleague-1", "bench-colleague-2", "bench-colleague-3"];

/**
 * The desk as months of use leave it: nearly every inquiry answered within
 * a day or so and moved on (contacted, qualified, won, lost), two in five
 * owned by one of four admins (one in ten by the viewer), about 1% still
 * awaiting a reply.
 */
async function seedDesk(database: DatabaseHandle): Promise<void> {
  await database.db
    .insert(user)
    .values(TEAM.map((id) => ({ id, name: `Bench ${id}`, email: `${id}@example.test` })))
    .onConflictDoNothing();
  await seedInquiries(database, ROWS, { ownerIds: TEAM, ownedShare: 0.4, unansweredShare: 0.01 }, MESSAGES);
}

async function measure(
  database: DatabaseHandle,
  filter: InboxFilter,
  viewerId?: string,
): Promise<{ p50: number; p99: number }> {
  const run = () =>
    Promise.all([
      selectInquiryPage(database.db, filter, undefined, viewerId),
      countInquiries(database.db, filter, viewerId),
      countUnread(database.db),
    ]);
  return timeRuns(RUNS, run, 5);
}

/**
 * What customers quote: the reference of an inquiry in the middle of the
 * inbox (as they type it: lower case, no "VM-"), a WhatsApp number in its
 * national form and a phone number with its country code, a phrase of
 * the notes, and words of the mail received: a ship's name (about one
 * mail in a hundred) and a phrase about one in ten holds.
 */
async function quotedCases(database: DatabaseHandle): Promise<[string, InboxFilter][]> {
  const [middle] = await database.db
    .select({ id: contactSubmissions.id })
    .from(contactSubmissions)
    .orderBy(contactSubmissions.id)
    .offset(Math.floor(ROWS / 2))
    .limit(1);
  const reference = formatInquiryReference(middle?.id ?? "00000000")
    .slice(3)
    .toLowerCase();
  return [
    [`search: reference ('${reference}')`, InboxFilterSchema.parse({ q: reference })],
    ["search: WhatsApp number ('020 012345')", InboxFilterSchema.parse({ q: "020 012345" })],
    ["search: phone number ('+44 20 7946 0042')", InboxFilterSchema.parse({ q: "+44 20 7946 0042" })],
    ["search: notes ('rate card')", InboxFilterSchema.parse({ q: "rate card" })],
    ["search: message text ('Volta Star')", InboxFilterSchema.parse({ q: "Volta Star" })],
    ["search: message text ('bill of lading')", InboxFilterSchema.parse({ q: "bill of lading" })],
  ];
}

const CASES: [string, InboxFilter][] = [
  ["first page", InboxFilterSchema.parse({})],
  [
    "filtered page (unread, gold-buying)",
    InboxFilterSchema.parse({ status: "unread", interest: "gold-buying" }),
  ],
  ["search, no match ('Company 123')", InboxFilterSchema.parse({ q: "Company 123" })],
  // One of the seeded companies: about one row in twelve.
  ["search ('Tarkwa')", InboxFilterSchema.parse({ q: "Tarkwa" })],
  ["awaiting reply (oldest first)", InboxFilterSchema.parse({ status: "awaiting" })],
  ["mine", InboxFilterSchema.parse({ owner: "mine" })],
];

/** The seeded inquiries run to the end of 2024: the reports look back from there. */
const REPORTS_NOW = new Date("2024-12-31T12:00:00Z");

/** The reports page's ranges as its URL asks for them; the custom one is the longest allowed (two years). */
const REPORT_RANGES = ["range=4", "range=12", "range=52", "range=custom&from=2023-01-02&to=2024-12-29"];

/** The reports page's loader (every chart's figures) for a range as the page's URL gives it. */
async function measureReports(
  database: DatabaseHandle,
  query: string,
): Promise<{ weeks: number; p50: number; p99: number }> {
  const parsed = parseReportRange(new URLSearchParams(query), REPORTS_NOW);
  if (!parsed.ok) throw new Error(`not a valid range: ${query}`);
  const { weeks } = parsed.range;
  const { p50, p99 } = await timeRuns(RUNS, () => buildReport(database.db, weeks, REPORTS_NOW), 3);
  return { weeks: weeks.length, p50, p99 };
}

async function benchReports(database: DatabaseHandle): Promise<void> {
  for (const query of REPORT_RANGES) {
    const { weeks, p50, p99 } = await measureReports(database, query);
    const range = query.startsWith("range=custom") ? `custom, ${weeks} weeks` : `last ${weeks} weeks`;
    const label = `reports page, ${range} (every chart)`;
    console.log(
      `  ${label.padEnd(56)} p50 ${p50.toFixed(1).padStart(7)} ms   p99 ${p99.toFixed(1).padStart(7)} ms`,
    );
  }
}

async function bench(label: string, database: DatabaseHandle): Promise<void> {
  const seeding = performance.now();
  await seedDesk(database);
  console.log(
    `\n${label}: seeded ${ROWS.toLocaleString("en-GB")} inquiries and ${MESSAGES.toLocaleString("en-GB")} mails from leads in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );
  const cases = [...CASES, ...(await quotedCases(database))].filter(([name]) => !ONLY || name.includes(ONLY));
  // What the views hold: without owners and replies their figures would mean nothing.
  const sizes = await Promise.all(
    cases.map(async ([name, filter]) => {
      const total = await countInquiries(database.db, filter, OWNER_ID);
      return `${name.split(" (")[0]} ${total.toLocaleString("en-GB")}`;
    }),
  );
  console.log(`  rows per view: ${sizes.join(", ")}`);
  console.log(`  load average ${loadAverage()} before the runs`);
  for (const [name, filter] of cases) {
    const { p50, p99 } = await measure(database, filter, OWNER_ID);
    console.log(
      `  ${name.padEnd(56)} p50 ${p50.toFixed(1).padStart(7)} ms   p99 ${p99.toFixed(1).padStart(7)} ms`,
    );
  }
  console.log(`  load average ${loadAverage()} after the inbox views`);
  if (!ONLY || "reports page".includes(ONLY)) await benchReports(database);
}

async function main(): Promise<void> {
  console.log(
    `inbox benchmark: ${ROWS.toLocaleString("en-GB")} rows, ${RUNS} runs per query (page + total + unread count)`,
  );
  await runOnBackends("bench_inbox", bench);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
