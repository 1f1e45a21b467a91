import { CLOSED_LEAD_STATUSES, type LeadStatus, replyPromise } from "~/content/lead-desk";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Where an inquiry stands against the reply promise:
 * - "answered": it had its first reply;
 * - "not-awaiting": spam or closed, nobody owes it a reply;
 * - "on-time", "due-soon" (within `dueSoonHours` of the deadline) or
 *   "overdue" (`withinHours` or more without a first reply).
 */
export type ReplyState = "answered" | "not-awaiting" | "on-time" | "due-soon" | "overdue";

export interface ReplyDeadlineInput {
  /** A Date, or epoch milliseconds (a dashboard card's). */
  createdAt: Date | number;
  /** Absent or null: not replied yet. */
  firstRepliedAt?: Date | number | null;
  status: LeadStatus | string;
  isSpam?: boolean;
}

export function replyDeadline(createdAt: Date | number): Date {
  return new Date(new Date(createdAt).getTime() + replyPromise.withinHours * HOUR_MS);
}

export function replyState(inquiry: ReplyDeadlineInput, now: Date): ReplyState {
  if (inquiry.firstRepliedAt) return "answered";
  if (inquiry.isSpam || (CLOSED_LEAD_STATUSES as readonly string[]).includes(inquiry.status)) {
    return "not-awaiting";
  }
  const deadline = replyDeadline(inquiry.createdAt).getTime();
  if (now.getTime() >= deadline) return "overdue";
  if (now.getTime() >= deadline - replyPromise.dueSoonHours * HOUR_MS) return "due-soon";
  return "on-time";
}

/** Created at or before this instant and still unanswered: overdue at `now`. */
export function overdueCutoff(now: Date): Date {
  return new Date(now.getTime() - replyPromise.withinHours * HOUR_MS);
}
