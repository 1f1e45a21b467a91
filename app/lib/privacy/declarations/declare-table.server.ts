import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import { contactSubmissions, user } from "~db/schema";
import type { Db } from "~/lib/db/db.server";
import type { Retention, Subject, TableDeclaration } from "~/lib/privacy/declarations/types";

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
  /** Never a secret, a link or a token. */
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
export const ACCOUNT_PERIODS = ["inactiveAccountMonths", "inactiveAccountGraceDays"] as const;

type PersonalTable = Extract<TableDeclaration, { personal: true }>;

/** A table whose rows `rowsOf` picks for a person (null: none), exported as listed and erased whole. */
export function personalRows(
  listing: Listing,
  rowsOf: (subject: Subject) => SQL | undefined | null,
  retention: Retention,
): PersonalTable {
  const { table, exportAs, label } = listing;
  return {
    table,
    personal: true,
    exportAs,
    label,
    async find(db, subject) {
      const where = rowsOf(subject);
      return where ? listRows(db, listing, where) : [];
    },
    async erase(tx, subject) {
      const where = rowsOf(subject);
      return where ? deleteRows(tx, table, where) : 0;
    },
    retention,
  };
}

/**
 * A table of rows about the person's inquiries, erased and expired with them
 * (ON DELETE CASCADE); `actors` name the columns that record a desk member.
 */
export function ofInquiries({
  inquiry,
  actors = [],
  ...listing
}: Omit<Listing, "table"> & { inquiry: PgColumn; actors?: readonly string[] }): PersonalTable {
  const declaration = personalRows(
    { ...listing, table: inquiry.table },
    ({ inquiryIds }) => (inquiryIds.length > 0 ? inArray(inquiry, inquiryIds) : null),
    { kind: "with-parent", parent: contactSubmissions, periods: INQUIRY_PERIODS },
  );
  return {
    ...declaration,
    erase: async (tx, subject) =>
      (await declaration.erase(tx, subject, {})) +
      (subject.userId ? await forgetActor(tx, inquiry.table, actors, subject.userId) : 0),
  };
}

/** A table of rows that belong to one account (its `owner` column), deleted with it. */
export function ownedByAccount({
  owner,
  retention = { kind: "with-parent", parent: user, periods: ACCOUNT_PERIODS },
  ...listing
}: Omit<Listing, "table"> & { owner: PgColumn; retention?: Retention }): PersonalTable {
  return personalRows(
    { ...listing, table: owner.table },
    ({ userId }) => (userId ? eq(owner, userId) : null),
    retention,
  );
}

/** A table nothing in which identifies a person; `withInquiry`: its rows go with their inquiry. */
export function notPersonal(table: PgTable, why: string, withInquiry?: "with inquiry"): TableDeclaration {
  return {
    table,
    personal: false,
    why,
    ...(withInquiry && {
      retention: { kind: "with-parent", parent: contactSubmissions, periods: INQUIRY_PERIODS },
    }),
  };
}
