import { eq, sql } from "drizzle-orm";
import { contactSubmissions } from "../../../db/schema";
import { INBOX_LIST_PAGE_SIZE, type InboxFilter } from "~/forms/inbox";
import type { Db } from "../db/db.server";
import { assignee, snapshotBound, whereOf } from "./inbox.server";
import { orderOf } from "./inbox-order.server";

/**
 * The compact list's page: only the columns a row shows and one join (the
 * owner's name), where a card's page reads two dozen columns, the message
 * and notes among them, and three joins. On the embedded database every
 * column and joined row is work in the server's own process: fifty rows
 * of cards cost about twice what fifty of these do.
 */
export function selectInboxRowPage(
  db: Db,
  filter: InboxFilter,
  pageSize: number = INBOX_LIST_PAGE_SIZE,
  viewerId?: string,
) {
  return db
    .select({
      id: contactSubmissions.id,
      name: contactSubmissions.name,
      company: contactSubmissions.company,
      interest: contactSubmissions.interest,
      dealSize: contactSubmissions.deal_size,
      createdAt: contactSubmissions.created_at,
      unread: sql<boolean>`${contactSubmissions.read_at} is null`,
      isSpam: contactSubmissions.is_spam,
      status: contactSubmissions.status,
      assignedTo: contactSubmissions.assigned_to,
      assignedToName: assignee.name,
      firstRepliedAt: contactSubmissions.first_replied_at,
      lastMessageBy: contactSubmissions.last_message_by,
    })
    .from(contactSubmissions)
    .leftJoin(assignee, eq(assignee.id, contactSubmissions.assigned_to))
    .where(whereOf(filter, snapshotBound(filter), viewerId))
    .orderBy(...orderOf(filter))
    .limit(pageSize)
    .offset((filter.page - 1) * pageSize);
}
