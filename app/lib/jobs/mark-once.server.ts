import { and, asc, getTableColumns, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { PgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { Db } from "~/lib/db/db.server";

interface MarkOnceOptions<TTable extends PgTable, TReturning extends SelectedFields> {
  table: TTable;
  id: PgColumn;
  /** The timestamp that says "done"; only rows where it is null are taken. */
  mark: PgColumn;
  /** Which rows are due, besides being unmarked. */
  due: SQL | undefined;
  /** Oldest first by this column. */
  oldest: PgColumn;
  limit: number;
  returning: TReturning;
}

/**
 * Stamps `mark` with now() on up to `limit` due unmarked rows and returns them; SKIP LOCKED and a second check of
 * the mark make each row marked once across instances.
 */
export async function markOnce<TTable extends PgTable, TReturning extends SelectedFields>(
  tx: Db,
  options: MarkOnceOptions<TTable, TReturning>,
): Promise<SelectResultFields<TReturning>[]> {
  // The update names columns by their key in the table's definition.
  const markKey = Object.entries(getTableColumns(options.table)).find(
    ([, column]) => column === options.mark,
  )?.[0];
  if (!markKey) throw new Error(`markOnce: ${options.mark.name} is not a column of the table`);
  const due = tx
    .select({ id: options.id })
    .from(options.table as PgTable)
    .where(and(options.due, isNull(options.mark)))
    .orderBy(asc(options.oldest))
    .limit(options.limit)
    .for("update", { skipLocked: true });
  const marked = await tx
    .update(options.table as PgTable)
    .set({ [markKey]: sql`now()` })
    .where(and(inArray(options.id, due), isNull(options.mark)))
    .returning(options.returning);
  return marked as SelectResultFields<TReturning>[];
}
