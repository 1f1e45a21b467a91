import type { Inquiry, selectInquiryRowPage } from "~/lib/inquiries/inquiries.server";
import { CLOSED_LEAD_STATUSES, type InquiryStatus, replyPromise } from "~/content/inquiry-desk";

/** A short, quotable form of the id, e.g. VM-3F9A1C07 (pure: the list renders it from the id). */
export function formatInquiryReference(id: string): string {
  return `VM-${id.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
}

/** The dashboard showing one inquiry (the `inquiry` filter). */
export function inquiryDashboardUrl(siteUrl: string, inquiryId: string): string {
  return `${siteUrl}/dashboard?inquiry=${encodeURIComponent(inquiryId)}`;
}

/** The inquiry page, where the sender is answered and the follow-up set, moved and completed. */
export function inquiryPageUrl(siteUrl: string, inquiryId: string): string {
  return `${siteUrl}/dashboard/inquiries/${encodeURIComponent(inquiryId)}`;
}

/**
 * The loader's data is serialised into the page for hydration beside the cards' HTML, so a card carries
 * only the fields the UI reads, an empty one left out, and times as epoch milliseconds.
 */
export interface InboxCard {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: number;
  /** InquiryStatus. */
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
  /** Since when the sender waits; null when nothing is owed. */
  awaitingSince: number | null;
  /** Who wrote last; absent when it was the sender (the usual case, and the smaller card). */
  lastMessageBy?: "desk";
  /** A UK Sanctions List match awaiting a decision, or confirmed; absent otherwise. */
  sanctions?: FlaggedSanctionsStatus;
  /** The lead came in on WhatsApp; absent for the form (the usual case, and the smaller card). */
  channel?: "whatsapp";
}

/** The screening states the desk's list shows. */
export type FlaggedSanctionsStatus = "potential-match" | "blocked";

function flaggedSanctions(status: string): FlaggedSanctionsStatus | null {
  return status === "potential-match" || status === "blocked" ? status : null;
}

export function toInboxCard(item: Inquiry): InboxCard {
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
  const sanctions = flaggedSanctions(item.sanctionsStatus);
  if (sanctions) card.sanctions = sanctions;
  if (item.source === "whatsapp") card.channel = "whatsapp";
  return card;
}

/** One row of the compact list, kept small as a card is. */
export interface InboxRow {
  id: string;
  name: string;
  createdAt: number;
  /** InquiryStatus. */
  status: string;
  company?: string;
  interest?: string;
  dealSize?: string;
  /** The assignee's name, or "Former admin"; absent when unassigned. */
  owner?: string;
  firstRepliedAt?: number;
  unread?: true;
  isSpam?: true;
  sanctions?: FlaggedSanctionsStatus;
  /** Whose message was the last: "us" (a reply) or "them" (the sender). */
  lastFrom: "us" | "them";
  /** The lead came in on WhatsApp; absent for the form. */
  channel?: "whatsapp";
}

export function toInboxRow(item: Awaited<ReturnType<typeof selectInquiryRowPage>>[number]): InboxRow {
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
  const sanctions = flaggedSanctions(item.sanctionsStatus);
  if (sanctions) row.sanctions = sanctions;
  if (item.source === "whatsapp") row.channel = "whatsapp";
  return row;
}

const HOUR_MS = 60 * 60 * 1000;

/** Where an inquiry stands against the reply promise, counted from the sender's oldest unanswered message. */
export type ReplyState = "answered" | "not-awaiting" | "on-time" | "due-soon" | "overdue";

export interface ReplyDeadlineInput {
  createdAt: Date | number;
  /** Absent or null: not replied yet. */
  firstRepliedAt?: Date | number | null;
  /** As the inbox reads it (null: nothing is owed). Absent: the inquiry waits from its creation until its first reply. */
  awaitingSince?: Date | number | null;
  status: InquiryStatus | string;
  isSpam?: boolean;
}

export function replyDeadline(createdAt: Date | number): Date {
  return new Date(new Date(createdAt).getTime() + replyPromise.withinHours * HOUR_MS);
}

/** When the clock started: the sender's oldest unanswered message; null when nothing is owed. */
export function waitingSince(inquiry: ReplyDeadlineInput): Date | number | null {
  if (inquiry.awaitingSince !== undefined) return inquiry.awaitingSince;
  return inquiry.firstRepliedAt ? null : inquiry.createdAt;
}

export function replyState(inquiry: ReplyDeadlineInput, now: Date): ReplyState {
  const since = waitingSince(inquiry);
  if (since === null) return inquiry.firstRepliedAt ? "answered" : "not-awaiting";
  if (inquiry.isSpam) return "not-awaiting";
  // A closed inquiry's wait is given (awaitingSince) only when it wrote after it was closed.
  const closed = (CLOSED_LEAD_STATUSES as readonly string[]).includes(inquiry.status);
  if (closed && inquiry.awaitingSince === undefined) return "not-awaiting";
  const deadline = replyDeadline(since).getTime();
  if (now.getTime() >= deadline) return "overdue";
  if (now.getTime() >= deadline - replyPromise.dueSoonHours * HOUR_MS) return "due-soon";
  return "on-time";
}

/** Waiting since this instant or before, and still unanswered: overdue at `now`. */
export function overdueCutoff(now: Date): Date {
  return new Date(now.getTime() - replyPromise.withinHours * HOUR_MS);
}
