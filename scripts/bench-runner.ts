/**
 * What the database benchmarks share: the loop that times a query and reads its p50 and p99, and the
 * run on each backend (PGlite in memory, then a scratch Postgres database on the server of
 * BENCH_DATABASE_URL or TEST_DATABASE_URL, dropped afterwards), as BENCH_BACKENDS selects them. It
 * loads the database modules only when called, so a script's `--help` loads none of them.
 */
import type { DatabaseHandle } from "../app/lib/db/db.server";

/** The value at `p` per cent of `sorted` (ascending), nearest rank. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Runs `run` `warmup` times untimed, then `runs` times timed (run `index` each); p50 and p99 in ms. */
export async function timeRuns(
  runs: number,
  run: (index: number) => Promise<unknown>,
  warmup = 0,
): Promise<{ p50: number; p99: number }> {
  for (let index = 0; index < warmup; index++) await run(index);
  const times: number[] = [];
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    await run(index);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** Runs `bench` on each backend BENCH_BACKENDS names ("pglite,postgres" by default), each on an empty database. */
export async function runOnBackends(
  scratchName: string,
  bench: (label: string, database: DatabaseHandle) => Promise<void>,
): Promise<void> {
  const backends = (process.env.BENCH_BACKENDS ?? "pglite,postgres").split(",");
  const { openDatabase } = await import("../app/lib/db/db.server");
  if (backends.includes("pglite")) {
    const pglite = await openDatabase({ kind: "pglite", dataDir: null });
    try {
      await bench("PGlite (in memory)", pglite);
    } finally {
      await pglite.close();
    }
  }
  if (!backends.includes("postgres")) return;
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    console.log(
      "\nPostgres: skipped — set BENCH_DATABASE_URL or TEST_DATABASE_URL (a server where a scratch database may be created).",
    );
    return;
  }
  const { createScratchPostgresDatabase, dropScratchPostgresDatabase } =
    await import("../tests/support/scratch-postgres");
  const url = await createScratchPostgresDatabase(serverUrl, scratchName);
  const postgres = await openDatabase({ kind: "postgres", url, poolSize: 4 });
  try {
    await bench("Postgres", postgres);
  } finally {
    await postgres.close();
    await dropScratchPostgresDatabase(serverUrl, url);
  }
}
