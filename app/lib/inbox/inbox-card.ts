import type { InboxItem } from "./inbox.server";

/**
 * What a dashboard card renders. The loader's data is serialised into the
 * page for hydration beside the cards' HTML (25 cards, at most
 * 80 KB), so a card carries only the fields the UI reads, an empty one is
 * left out instead of sent as null, the owner comes as its label, and
 * times are epoch milliseconds (a Date costs a few bytes more in the page).
 */
export interface InboxCard {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: number;
  /** LeadStatus. */
  status: string;
  /** The assignee's name, or "Former admin" (account deleted); absent when unassigned. */
  owner?: string;
  company?: string;
  phone?: string;
  whatsapp?: string;
  interest?: string;
  dealSize?: string;
  readAt?: number;
  readByName?: string;
  adminNotes?: string;
  notesUpdatedAt?: number;
  notesUpdatedByName?: string;
  isSpam?: true;
  /** Held for review (isSpam is set too). */
  held?: true;
  firstRepliedAt?: number;
  /** Since when the lead waits; null when nothing is owed. */
  awaitingSince: number | null;
  /** Who wrote last; absent when it was the lead (the usual case, and the smaller card). */
  lastMessageBy?: "desk";
}

export function toInboxCard(item: InboxItem): InboxCard {
  const card: InboxCard = {
    id: item.id,
    name: item.name,
    email: item.email,
    message: item.message,
    createdAt: item.createdAt.getTime(),
    status: item.status,
    awaitingSince: item.awaitingSince?.getTime() ?? null,
  };
  if (item.assignedTo) card.owner = item.assignedToName ?? "Former admin";
  const optional = {
    company: item.company,
    phone: item.phone,
    whatsapp: item.whatsapp,
    interest: item.interest,
    dealSize: item.dealSize,
    readAt: item.readAt?.getTime() ?? null,
    readByName: item.readByName,
    adminNotes: item.adminNotes,
    notesUpdatedAt: item.notesUpdatedAt?.getTime() ?? null,
    notesUpdatedByName: item.notesUpdatedByName,
    firstRepliedAt: item.firstRepliedAt?.getTime() ?? null,
  };
  for (const [key, value] of Object.entries(optional)) {
    if (value !== null) Object.assign(card, { [key]: value });
  }
  if (item.isSpam) card.isSpam = true;
  if (item.held) card.held = true;
  if (item.lastMessageBy === "desk") card.lastMessageBy = "desk";
  return card;
}
