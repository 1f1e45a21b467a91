import { type SQL, sql } from "drizzle-orm";
import { contactSubmissions } from "../../../db/schema";
import { DEAL_SIZE_VALUES } from "~/content/inquiry-options";
import { LEAD_STATUS_VALUES } from "~/content/lead-desk";
import type { InboxFilter } from "~/forms/inbox";

/**
 * Newest first, id breaking ties. NULLS LAST spelled out: the indexes are
 * built that way (drizzle-kit's default), and a plain DESC (nulls first)
 * would keep Postgres from reading them in order.
 */
export const NEWEST_FIRST = [
  sql`${contactSubmissions.created_at} desc nulls last`,
  sql`${contactSubmissions.id} desc nulls last`,
];

/** The "awaiting reply" view: the longest waiting first (its partial index is built that way). */
export const OLDEST_FIRST = [
  sql`${contactSubmissions.awaiting_since} asc`,
  sql`${contactSubmissions.id} asc`,
];

/** A rank from a fixed list of values, so the order follows the list, not the alphabet. */
function rankOf(column: SQL | typeof contactSubmissions.status, values: readonly string[]): SQL {
  const cases = values.map((value, index) => sql`when ${value} then ${index}`);
  return sql`(case ${column} ${sql.join(cases, sql` `)} else ${values.length} end)`;
}

/** Largest first; "Prefer to discuss" and no answer after the amounts. */
const DEAL_SIZE_RANK = rankOf(
  sql`${contactSubmissions.deal_size}`,
  [...DEAL_SIZE_VALUES].filter((value) => value !== "confidential").reverse(),
);
/** The pipeline's order: new leads first, closed ones last. */
const STATUS_RANK = rankOf(sql`${contactSubmissions.status}`, LEAD_STATUS_VALUES);

/** "Awaiting reply" by date lists oldest first: new arrivals join its end. */
export function isOldestFirst(filter: Pick<InboxFilter, "status" | "sort">): boolean {
  return filter.status === "awaiting" && filter.sort === "received";
}

/**
 * The ORDER BY of a view. Received date reads the indexes in order; the other
 * orders sort the view's rows (a filtered view is small; the whole inbox is
 * a sort the list pays only when asked for it), newest first within a tie.
 */
export function orderOf(filter: Pick<InboxFilter, "status" | "sort">): SQL[] {
  switch (filter.sort) {
    case "received":
      return isOldestFirst(filter) ? OLDEST_FIRST : NEWEST_FIRST;
    case "activity":
      return [
        sql`coalesce(${contactSubmissions.last_action_at}, ${contactSubmissions.created_at}) desc`,
        ...NEWEST_FIRST,
      ];
    case "deal":
      return [sql`${DEAL_SIZE_RANK} asc`, ...NEWEST_FIRST];
    case "status":
      return [sql`${STATUS_RANK} asc`, ...NEWEST_FIRST];
  }
}
