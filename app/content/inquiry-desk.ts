import { company } from "./company";
import type { Interest } from "./inquiry-options";

const GOLD_INTERESTS: readonly string[] = ["gold-buying", "gold-selling"] satisfies Interest[];

/**
 * The stages of a lead on the desk. Separate from read/unread:
 * "Mark as Read" keeps its meaning.
 */
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

/**
 * The reply promise as the desk measures it: the hours come from the one
 * figure every page states (`company.responseHours`); an inquiry is "due
 * soon" this many hours before it becomes overdue.
 */
export const replyPromise = {
  withinHours: company.responseHours,
  dueSoonHours: 4,
  /** The dashboard's reply metrics look back this far. */
  metricsDays: 30,
} as const;

/**
 * The morning digest to admins: once a day at this hour, UK time, before the
 * office opens (09:00 GMT all year: 10:00 on the summer clock).
 */
export const DIGEST_HOUR_UK = 8;

/**
 * Where a reply from the desk tells the inquirer to write back (Reply-To):
 * gold leads go on to the deals address the site gives for "Transactions and
 * deal introductions", everything else to the general one (decision 019).
 */
export function deskReplyTo(interest: string | null): string {
  return interest !== null && GOLD_INTERESTS.includes(interest)
    ? company.emails.deals.address
    : company.emails.general.address;
}

export const LOST_REASON_MAX_LENGTH = 500;
export const REPLY_SUBJECT_MAX_LENGTH = 200;
export const REPLY_BODY_MAX_LENGTH = 20_000;
