import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import { contactSubmissions, user } from "~db/schema";
import type { Db } from "~/lib/db/db.server";
import type { Retention, TableDeclaration } from "~/lib/privacy/declarations/types";

const DAY_MS = 24 * 60 * 60 * 1000;

export function monthsBefore(date: Date, months: number): Date {
  const result = new Date(date);
  result.setUTCMonth(result.getUTCMonth() - months);
  return result;
}

export function daysBefore(date: Date, days: number): Date {
  return new Date(date.getTime() - days * DAY_MS);
}

/** A timestamp parameter both drivers pass the same way. */
export const at = (date: Date): SQL => sql`${date.toISOString()}::timestamptz`;

/** How many rows a delete or update touched. */
export async function countRows(query: Promise<unknown[]>): Promise<number> {
  return (await query).length;
}

export const deleteRows = (tx: Db, table: PgTable, where: SQL | undefined) =>
  countRows(
    tx
      .delete(table)
      .where(where)
      .returning({ one: sql`1` }),
  );

/** Forgets a desk member as the one who acted on rows that stay (who read, noted, owns or sent). */
export async function forgetActor(tx: Db, table: PgTable, keys: readonly string[], userId: string) {
  let count = 0;
  for (const key of keys) {
    const column = (table as unknown as Record<string, PgColumn>)[key]!;
    count += await countRows(
      tx
        .update(table)
        .set({ [key]: null })
        .where(eq(column, userId))
        .returning({ one: sql`1` }),
    );
  }
  return count;
}

interface Listing {
  table: PgTable;
  exportAs: string;
  label: string;
  /** What an export shows of each row: never a secret, a link or a token. */
  columns: SelectedFields;
  orderBy?: PgColumn;
  /** Reshapes an exported row (redaction). */
  map?: (row: Record<string, unknown>) => Record<string, unknown>;
}

async function listRows(db: Db, { table, columns, orderBy, map }: Listing, where: SQL) {
  const query = db.select(columns).from(table).where(where);
  const rows = (await (orderBy ? query.orderBy(orderBy) : query)) as Record<string, unknown>[];
  return map ? rows.map(map) : rows;
}

export const INQUIRY_PERIODS = ["inquiryMonths", "spamDays"] as const;
/** Inactive accounts: warned, then deleted after the grace period unless used since. */
export const ACCOUNT_PERIODS = ["inactiveAccountMonths", "inactiveAccountGraceDays"] as const;

/**
 * A table of rows about the person's inquiries, erased and expired with them
 * (ON DELETE CASCADE); `actors` name the columns that record a desk member.
 */
export function ofInquiries(
  listing: Listing & { inquiry: PgColumn; actors?: readonly string[] },
): TableDeclaration {
  const { table, inquiry, actors = [] } = listing;
  return {
    table,
    personal: true,
    exportAs: listing.exportAs,
    label: listing.label,
    find: async (db, { inquiryIds }) =>
      inquiryIds.length === 0 ? [] : listRows(db, listing, inArray(inquiry, inquiryIds)),
    async erase(tx, { inquiryIds, userId }) {
      const deleted = inquiryIds.length === 0 ? 0 : await deleteRows(tx, table, inArray(inquiry, inquiryIds));
      return deleted + (userId ? await forgetActor(tx, table, actors, userId) : 0);
    },
    retention: { kind: "with-parent", parent: contactSubmissions, periods: INQUIRY_PERIODS },
  };
}

/** A table of rows that belong to one account (its `owner` column), deleted with it. */
export function ownedByAccount(
  listing: Listing & { owner: PgColumn; retention?: Retention },
): Extract<TableDeclaration, { personal: true }> {
  const { table, owner } = listing;
  return {
    table,
    personal: true,
    exportAs: listing.exportAs,
    label: listing.label,
    find: async (db, { userId }) => (userId ? listRows(db, listing, eq(owner, userId)) : []),
    erase: async (tx, { userId }) => (userId ? deleteRows(tx, table, eq(owner, userId)) : 0),
    retention: listing.retention ?? { kind: "with-parent", parent: user, periods: ACCOUNT_PERIODS },
  };
}

/** A table nothing in which identifies a person; `withInquiry`: its rows go with their inquiry. */
export function notPersonal(
  table: PgTable,
  why: string,
  options: { withInquiry?: boolean } = {},
): TableDeclaration {
  return options.withInquiry
    ? {
        table,
        personal: false,
        why,
        retention: { kind: "with-parent", parent: contactSubmissions, periods: INQUIRY_PERIODS },
      }
    : { table, personal: false, why };
}
