import { CLOSED_LEAD_STATUSES, type LeadStatus, replyPromise } from "~/content/lead-desk";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Where an inquiry stands against the reply promise, counted from the lead's
 * oldest unanswered message (the inquiry itself, or a later mail):
 * - "answered": the desk answered the lead's last message;
 * - "not-awaiting": spam, or closed and silent since, nobody owes it a reply;
 * - "on-time", "due-soon" (within `dueSoonHours` of the deadline) or
 *   "overdue" (`withinHours` or more without a first reply).
 */
type ReplyState = "answered" | "not-awaiting" | "on-time" | "due-soon" | "overdue";

interface ReplyDeadlineInput {
  /** A Date, or epoch milliseconds (a dashboard card's). */
  createdAt: Date | number;
  /** Absent or null: not replied yet. */
  firstRepliedAt?: Date | number | null;
  /**
   * Since when the lead waits (null: nothing is owed), as the inbox reads it:
   * for a closed lead, only a message after the close. Absent: the inquiry
   * alone counts, waiting from its creation until its first reply.
   */
  awaitingSince?: Date | number | null;
  status: LeadStatus | string;
  isSpam?: boolean;
}

export function replyDeadline(createdAt: Date | number): Date {
  return new Date(new Date(createdAt).getTime() + replyPromise.withinHours * HOUR_MS);
}

/** When the clock started: the lead's oldest unanswered message; null when nothing is owed. */
export function waitingSince(inquiry: ReplyDeadlineInput): Date | number | null {
  if (inquiry.awaitingSince !== undefined) return inquiry.awaitingSince;
  return inquiry.firstRepliedAt ? null : inquiry.createdAt;
}

export function replyState(inquiry: ReplyDeadlineInput, now: Date): ReplyState {
  const since = waitingSince(inquiry);
  if (since === null) return inquiry.firstRepliedAt ? "answered" : "not-awaiting";
  if (inquiry.isSpam) return "not-awaiting";
  // A closed lead's wait is given (awaitingSince) only when it wrote after it was closed.
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
