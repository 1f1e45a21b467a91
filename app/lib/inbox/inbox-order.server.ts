import { type SQL, sql } from "drizzle-orm";
import { contactSubmissions, dealSizeRank, lastActivity, leadStatusRank } from "../../../db/schema";
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
const OLDEST_FIRST = [sql`${contactSubmissions.awaiting_since} asc`, sql`${contactSubmissions.id} asc`];

/** "Awaiting reply" by date lists oldest first: new arrivals join its end. */
export function isOldestFirst(filter: Pick<InboxFilter, "status" | "sort">): boolean {
  return filter.status === "awaiting" && filter.sort === "received";
}

/**
 * The ORDER BY of a view, newest first within a tie. Every order reads an
 * index in order over the default view (migration 0022 for activity, deal
 * size and status: their expressions are the schema's); a filtered view
 * sorts its rows.
 */
export function orderOf(filter: Pick<InboxFilter, "status" | "sort">): SQL[] {
  switch (filter.sort) {
    case "received":
      return isOldestFirst(filter) ? OLDEST_FIRST : NEWEST_FIRST;
    case "activity":
      return [sql`${lastActivity(contactSubmissions)} desc`, ...NEWEST_FIRST];
    case "deal":
      return [sql`${dealSizeRank(contactSubmissions)} asc`, ...NEWEST_FIRST];
    case "status":
      return [sql`${leadStatusRank(contactSubmissions)} asc`, ...NEWEST_FIRST];
  }
}
