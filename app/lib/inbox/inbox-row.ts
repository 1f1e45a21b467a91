/**
 * One row of the compact list: only what the row shows, an empty field left
 * out, times as epoch milliseconds. Fifty of these go into the page twice
 * (the HTML and the data for hydration), so every field costs fifty times.
 */
export interface InboxRow {
  id: string;
  name: string;
  createdAt: number;
  /** LeadStatus. */
  status: string;
  company?: string;
  interest?: string;
  dealSize?: string;
  /** The assignee's name, or "Former admin"; absent when unassigned. */
  owner?: string;
  firstRepliedAt?: number;
  unread?: true;
  isSpam?: true;
  /** Whose message was the last: "us" (a reply) or "them" (the lead). */
  lastFrom: "us" | "them";
}

/** What the list's query reads for a row (inbox-list.server.ts). */
interface InboxRowSource {
  id: string;
  name: string;
  company: string | null;
  interest: string | null;
  dealSize: string | null;
  createdAt: Date;
  unread: boolean;
  isSpam: boolean;
  status: string;
  assignedTo: string | null;
  assignedToName: string | null;
  firstRepliedAt: Date | null;
  lastMessageBy: string;
}

export function toInboxRow(item: InboxRowSource): InboxRow {
  const row: InboxRow = {
    id: item.id,
    name: item.name,
    createdAt: item.createdAt.getTime(),
    status: item.status,
    lastFrom: item.lastMessageBy === "desk" ? "us" : "them",
  };
  if (item.company) row.company = item.company;
  if (item.interest) row.interest = item.interest;
  if (item.dealSize) row.dealSize = item.dealSize;
  if (item.assignedTo) row.owner = item.assignedToName ?? "Former admin";
  if (item.firstRepliedAt) row.firstRepliedAt = item.firstRepliedAt.getTime();
  if (item.unread) row.unread = true;
  if (item.isSpam) row.isSpam = true;
  return row;
}
