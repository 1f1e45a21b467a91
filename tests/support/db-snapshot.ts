import crypto from "node:crypto";
import { getTableName, is, isNull } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import * as schema from "../../db/schema";
import type { Db } from "~/lib/db/db.server";

export type Row = Record<string, unknown>;

interface TableState {
  count: number;
  /** SHA-256 of the rows, each as JSON, in sorted order: independent of physical row order. */
  hash: string;
  rows: Row[];
}

/** Every table, by SQL name. */
export type DatabaseSnapshot = Record<string, TableState>;

// Found rather than listed, so a table added to db/schema.ts (which also
// re-exports db/auth-schema.ts) is watched without anyone remembering to.
const schemaTables: PgTable[] = Object.values(schema as Record<string, unknown>).filter(
  (value): value is PgTable => is(value, PgTable),
);

export async function snapshotDatabase(db: Db): Promise<DatabaseSnapshot> {
  const snapshot: DatabaseSnapshot = {};
  for (const table of schemaTables) {
    // The scheduler's runs (a job keyed by its scheduled time) come from the
    // clock while the server runs, not from anything a test sent.
    const rows = (
      table === schema.jobs
        ? await db.select().from(schema.jobs).where(isNull(schema.jobs.unique_key))
        : await db.select().from(table)
    ) as Row[];
    const sorted = rows
      .map((row) => ({ row, line: JSON.stringify(row) }))
      .sort((a, b) => (a.line < b.line ? -1 : a.line > b.line ? 1 : 0));
    snapshot[getTableName(table)] = {
      count: rows.length,
      hash: crypto
        .createHash("sha256")
        .update(sorted.map(({ line }) => line).join("\n"))
        .digest("hex"),
      rows: sorted.map(({ row }) => row),
    };
  }
  return snapshot;
}

/** Counts and hashes only: what an equality check should compare and print. */
export function summarize(snapshot: DatabaseSnapshot): Record<string, string> {
  return Object.fromEntries(
    Object.entries(snapshot).map(([table, state]) => [table, `${state.count} rows, ${state.hash}`]),
  );
}
