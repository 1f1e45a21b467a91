import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { emptyPostgresDatabase, inspectPostgresTarget } from "~/lib/backup/postgres-backup.server";
import { type DatabaseHandle, openDatabase, pgliteFilesDir } from "~/lib/db/db.server";

export class MoveRefusedError extends Error {
  override name = "MoveRefusedError";
}

interface TableCount {
  table: string;
  source: number;
  target: number;
}

/** Rows read from the embedded database and written to Postgres at a time. */
const PAGE_ROWS = 2_000;
/** Postgres takes at most 65,535 parameters per statement. */
const MAX_PARAMETERS = 60_000;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function rowsOf<Row>(database: DatabaseHandle, text: string): Promise<Row[]> {
  return (await database.db.execute(sql.raw(text))).rows as Row[];
}

/**
 * The site's tables, parents before children: a row is copied after the rows
 * its foreign keys point at, so Postgres checks every constraint as it goes.
 */
async function tablesInCopyOrder(source: DatabaseHandle): Promise<string[]> {
  const tables = (
    await rowsOf<{ name: string }>(
      source,
      "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
    )
  ).map((row) => row.name);
  const references = await rowsOf<{ child: string; parent: string }>(
    source,
    `select c.relname as child, p.relname as parent
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and c.relname <> p.relname`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (table) =>
        !placed.has(table) &&
        references.every(
          (ref) => ref.child !== table || placed.has(ref.parent) || !tables.includes(ref.parent),
        ),
    );
    if (ready.length === 0) throw new Error("the tables' foreign keys form a cycle");
    for (const table of ready) {
      ordered.push(table);
      placed.add(table);
    }
  }
  return ordered;
}

/** Every column but generated ones, each read as text: Postgres parses it back exactly as it wrote it. */
async function copyTable(source: DatabaseHandle, target: pg.ClientBase, table: string): Promise<void> {
  const columns = (
    await rowsOf<{ name: string }>(
      source,
      `select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = '${table.replaceAll("'", "''")}' and is_generated = 'NEVER'
        order by ordinal_position`,
    )
  ).map((row) => row.name);
  const select = columns.map((column) => `${quote(column)}::text`).join(", ");
  const perInsert = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
  for (let offset = 0; ; offset += PAGE_ROWS) {
    const page = await rowsOf<Record<string, string | null>>(
      source,
      `select ${select} from ${quote(table)} order by ctid limit ${PAGE_ROWS} offset ${offset}`,
    );
    for (let start = 0; start < page.length; start += perInsert) {
      const rows = page.slice(start, start + perInsert);
      const values: (string | null)[] = [];
      const tuples = rows.map((row) => {
        const placeholders = Object.values(row).map((value) => {
          values.push(value);
          return `$${values.length}`;
        });
        return `(${placeholders.join(", ")})`;
      });
      await target.query(
        `insert into ${quote(table)} (${columns.map(quote).join(", ")}) values ${tuples.join(", ")}`,
        values,
      );
    }
    if (page.length < PAGE_ROWS) return;
  }
}

async function countRows(
  query: (text: string) => Promise<{ rows: { n: string | number }[] }>,
  table: string,
) {
  const { rows } = await query(`select count(*)::text as n from ${quote(table)}`);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Copies the embedded database in `dataDir` (no server may have it open: the
 * data-dir lock refuses) into the empty PostgreSQL database at `url`: the
 * same migrations make the schema there, every row of every table is copied
 * in one transaction, and the row counts are compared table by table. The
 * embedded database is left as it was. On any failure the target is emptied
 * again, so the move can simply be run again.
 */
export async function moveToPostgres(dataDir: string, url: string): Promise<TableCount[]> {
  const files = pgliteFilesDir(path.resolve(dataDir));
  if (!fs.existsSync(files) || fs.readdirSync(files).length === 0) {
    throw new MoveRefusedError(`There is no embedded database in ${path.resolve(dataDir)} (DATA_DIR).`);
  }
  const inspected = await inspectPostgresTarget(url);
  if (inspected.tables > 0) {
    throw new MoveRefusedError(
      `The PostgreSQL database is not empty (${inspected.tables} tables). Move into a new, empty database ` +
        "(createdb), so nothing there is overwritten or mixed with this site's data.",
    );
  }

  // Opening applies this version's migrations, so both sides have the same schema.
  const source = await openDatabase({ kind: "pglite", dataDir: path.resolve(dataDir) });
  let targetCreated = false;
  try {
    const schema = await openDatabase({ kind: "postgres", url, poolSize: 1 });
    targetCreated = true;
    await schema.close();

    const tables = await tablesInCopyOrder(source);
    const target = new pg.Client({ connectionString: url });
    await target.connect();
    try {
      await target.query("begin");
      // Rows some migrations seed (the reply templates) come from the source
      // as they are now; and the tables' own triggers (a clock started on
      // insert, a response recorded for a row that comes in answered) must
      // not add to rows copied as they were.
      for (const table of [...tables].reverse()) await target.query(`delete from ${quote(table)}`);
      for (const table of tables) {
        await target.query(`alter table ${quote(table)} disable trigger user`);
        await copyTable(source, target, table);
        await target.query(`alter table ${quote(table)} enable trigger user`);
      }
      await target.query("commit");
    } catch (error) {
      await target.query("rollback").catch(() => {});
      throw error;
    } finally {
      await target.end();
    }

    const check = new pg.Client({ connectionString: url });
    await check.connect();
    try {
      const counts: TableCount[] = [];
      for (const table of tables) {
        counts.push({
          table,
          source: await countRows(
            async (text) => ({ rows: await rowsOf<{ n: string }>(source, text) }),
            table,
          ),
          target: await countRows((text) => check.query(text), table),
        });
      }
      const wrong = counts.filter((count) => count.source !== count.target);
      if (wrong.length > 0) {
        throw new Error(
          `row counts differ: ${wrong.map((count) => `${count.table} ${count.source} → ${count.target}`).join(", ")}`,
        );
      }
      return counts;
    } finally {
      await check.end();
    }
  } catch (error) {
    if (targetCreated) await emptyPostgresDatabase(url).catch(() => {});
    throw error;
  } finally {
    await source.close();
  }
}
