import { company } from "./company";
import type { Interest } from "./inquiry-options";

const GOLD_INTERESTS: readonly string[] = ["gold-buying", "gold-selling"] satisfies Interest[];

/** Separate from read/unread: "Mark as Read" keeps its meaning. */
export const INQUIRY_STATUS_VALUES = ["new", "contacted", "qualified", "closed_won", "closed_lost"] as const;
export type InquiryStatus = (typeof INQUIRY_STATUS_VALUES)[number];

export const INQUIRY_STATUS_LABELS: Record<InquiryStatus, string> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  closed_won: "Closed – won",
  closed_lost: "Closed – lost",
};

export const CLOSED_LEAD_STATUSES: readonly InquiryStatus[] = ["closed_won", "closed_lost"];

export function isInquiryStatus(value: string): value is InquiryStatus {
  return (INQUIRY_STATUS_VALUES as readonly string[]).includes(value);
}

/** The hours come from the one figure every page states (`company.responseHours`). */
export const replyPromise = {
  withinHours: company.responseHours,
  dueSoonHours: 4,
  /** The dashboard's reply metrics look back this far. */
  metricsDays: 30,
} as const;

/** The morning digest's hour, UK time: before the office opens. */
export const DIGEST_HOUR_UK = 8;

/** The Reply-To of a desk reply: gold leads go to the deals address the site gives for transactions (decision 019). */
export function deskReplyTo(interest: string | null): string {
  return interest !== null && GOLD_INTERESTS.includes(interest)
    ? company.emails.deals.address
    : company.emails.general.address;
}

export const LOST_REASON_MAX_LENGTH = 500;
export const REPLY_SUBJECT_MAX_LENGTH = 200;
export const REPLY_BODY_MAX_LENGTH = 20_000;
