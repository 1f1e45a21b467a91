/**
 * `npm run bench:sanctions`: imports a generated UK Sanctions List of about
 * 20,000 names (in the FCDO's XML format), seeds inquiries, and prints the
 * p50/p99 time of screening one inquiry and the time of re-screening every
 * inquiry against a new version, on PGlite (in memory) and on Postgres (a
 * scratch database on the server of BENCH_DATABASE_URL or TEST_DATABASE_URL,
 * dropped afterwards).
 */
import type { DatabaseHandle } from "../app/lib/db/db.server";
import { loadAverage } from "./bench-report";
import { runOnBackends, timeRuns } from "./bench-runner";
import { parseCommandLine } from "./command-line";

const USAGE = `Usage: npm run bench:sanctions

Imports a generated UK Sanctions List (its XML format) of some 20,000 names,
seeds inquiries, and prints p50/p99 of screening one inquiry and the time of
re-screening them all, on PGlite (in memory) and on Postgres (a scratch
database, dropped afterwards).

Options:
  -h, --help    print this and exit

Environment:
  BENCH_NAMES          list names generated, four per designation (20000)
  BENCH_INQUIRIES      inquiries seeded and re-screened (100000)
  BENCH_RUNS           screenings of one inquiry timed (300)
  BENCH_BACKENDS       pglite,postgres (default both; one name to run it alone)
  BENCH_DATABASE_URL   the Postgres server (else TEST_DATABASE_URL)`;

parseCommandLine(USAGE, {}, { min: 0, max: 0 });

// Loaded once the arguments are read, so `--help` loads none of it (scripts/command-line.ts).
const { sql } = await import("drizzle-orm");
const { DEFAULT_MATCH_THRESHOLD } = await import("../app/content/sanctions");
const { importSanctionsList } = await import("../app/lib/sanctions/list-import.server");
const { rescreenAllInquiries } = await import("../app/lib/sanctions/screening-jobs.server");
const { screenInquiries } = await import("../app/lib/sanctions/screening.server");

const NAMES = Number(process.env.BENCH_NAMES ?? 20_000);
const INQUIRIES = Number(process.env.BENCH_INQUIRIES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);

/** A made-up word from a number (letters of a simple generator): varied as real names are, and none real. */
function word(seed: number, length = 6): string {
  let state = (seed * 2654435761) >>> 0;
  let out = "";
  for (let index = 0; index < length; index++) {
    state = (state * 1103515245 + 12345) >>> 0;
    out += String.fromCharCode(65 + ((state >>> 16) % 26));
  }
  return out;
}

function generatedList(designations: number, publishedOn: string): Uint8Array {
  const parts = [
    `<?xml version="1.0" encoding="utf-8"?>\n<Designations>\n<DateGenerated>${publishedOn}</DateGenerated>\n`,
  ];
  for (let index = 0; index < designations; index++) {
    const [first, middle, last] = [
      word(index * 7919 + 1),
      word(index * 104729 + 3),
      word(index * 1299709 + 5, 4),
    ];
    parts.push(
      `<Designation><UniqueID>BEN${index}</UniqueID><Names>`,
      `<Name><Name1>${first}</Name1><Name2>${middle}</Name2><Name6>${last}</Name6><NameType>Primary Name</NameType></Name>`,
      `<Name><Name1>${first}</Name1><Name6>${last}A</Name6><NameType>Primary Name Variation</NameType></Name>`,
      `<Name><Name6>${middle} ${last} TRADING</Name6><NameType>Alias</NameType></Name>`,
      `<Name><Name6>${word(index * 31 + 9, 5)}</Name6><NameType>Alias</NameType></Name>`,
      `</Names><IndividualEntityShip>Individual</IndividualEntityShip></Designation>\n`,
    );
  }
  parts.push("</Designations>\n");
  return new TextEncoder().encode(parts.join(""));
}

async function bench(label: string, database: DatabaseHandle): Promise<void> {
  const { db } = database;
  let started = performance.now();
  const first = await importSanctionsList(db, generatedList(NAMES / 4, "02/11/2026"), "bench");
  console.log(
    `\n${label}: imported ${first.version.name_count.toLocaleString("en-GB")} names in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  await db.execute(sql`
    insert into contact_submissions (name, company, email, message, submission_key)
    select initcap(translate(substr(md5(i::text), 1, 6), '0123456789', 'ghijklmnop')) || ' ' || initcap(translate(substr(md5(i::text), 7, 8), '0123456789', 'qrstuvwxyz')),
      case when i % 3 = 0 then initcap(translate(substr(md5((i * 7)::text), 1, 9), '0123456789', 'ghijklmnop')) || ' Mining' end,
      'lead' || i || '@example.test', 'Bench', 'bench-' || i
    from generate_series(1, ${INQUIRIES}) as i`);
  // Some leads carry a listed name, reordered: they find their entry.
  await db.execute(sql`
    update contact_submissions set name = n.name
    from (select row_number() over () as k, name from sanctions_entry_names limit 500) as n
    where contact_submissions.submission_key = 'bench-' || (n.k * 97)`);
  await db.execute(sql`analyze`);
  const { rows } = await db.execute<{ id: string }>(
    sql`select id from contact_submissions order by random() limit ${RUNS}`,
  );
  console.log(`${label}: load average ${loadAverage()} before screening one inquiry`);
  const { p50, p99 } = await timeRuns(rows.length, (index) =>
    screenInquiries(db, [rows[index]!.id], first.version.id, DEFAULT_MATCH_THRESHOLD),
  );
  console.log(
    `${label}: screening one inquiry (${rows.length} runs): p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; load average ${loadAverage()}`,
  );
  const next = await importSanctionsList(db, generatedList(NAMES / 4 + 10, "09/11/2026"), "bench");
  console.log(`${label}: load average ${loadAverage()} before re-screening`);
  started = performance.now();
  const screened = await rescreenAllInquiries(db, next.version.id, DEFAULT_MATCH_THRESHOLD);
  const seconds = (performance.now() - started) / 1000;
  const [found] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from sanctions_candidates`))
    .rows;
  console.log(
    `${label}: re-screening ${screened.toLocaleString("en-GB")} inquiries: ${seconds.toFixed(1)} s (${Math.round(screened / seconds)} a second), ${found?.n ?? 0} candidates; load average ${loadAverage()}`,
  );
}

async function main(): Promise<void> {
  console.log(
    `sanctions benchmark: ${NAMES.toLocaleString("en-GB")} list names, ${INQUIRIES.toLocaleString("en-GB")} inquiries, load ${loadAverage()}`,
  );
  await runOnBackends("bench_sanctions", bench);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
