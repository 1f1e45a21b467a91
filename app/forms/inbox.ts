import { z } from "zod";
import { dashboardPage } from "~/content/account-pages";
import { DEAL_SIZE_VALUES, INTEREST_VALUES } from "~/content/inquiry-options";
import { INQUIRY_STATUS_VALUES } from "~/content/inquiry-desk";
import { readFields } from "~/forms/parse-form";

/** Inquiries per page of the admin inbox: the spec's cards. */
export const INBOX_PAGE_SIZE = 25;
/** Rows per page of the compact list. */
export const INBOX_LIST_PAGE_SIZE = 50;

/** How the inbox is laid out: the compact list (the default) or the spec's cards. */
export const INBOX_LAYOUT_VALUES = ["list", "cards"] as const;
export type InboxLayout = (typeof INBOX_LAYOUT_VALUES)[number];
export const INBOX_LAYOUT_LABELS: Record<InboxLayout, string> = { list: "List", cards: "Cards" };

export function pageSizeOf(layout: InboxLayout): number {
  return layout === "list" ? INBOX_LIST_PAGE_SIZE : INBOX_PAGE_SIZE;
}

/** Received is newest first ("awaiting reply" oldest first); deal size largest first; status new first. */
export const INBOX_SORT_VALUES = ["received", "activity", "deal", "status"] as const;
type InboxSort = (typeof INBOX_SORT_VALUES)[number];
export const INBOX_SORT_LABELS: Record<InboxSort, string> = {
  received: "Received",
  activity: "Last activity",
  deal: "Deal size",
  status: "Status",
};
export const NOTES_MAX_LENGTH = 5000;
export const SEARCH_MAX_LENGTH = 200;

/** `all` leaves out spam and held inquiries, which only their own views show. */
export const INBOX_STATUS_VALUES = ["all", "unread", "read", "awaiting", "held", "spam"] as const;
export type InboxStatus = (typeof INBOX_STATUS_VALUES)[number];

export const INBOX_STATUS_LABELS: Record<InboxStatus, string> = {
  all: "All (not spam)",
  unread: "Unread",
  read: "Read",
  awaiting: "Awaiting reply",
  held: "Held for review",
  spam: "Spam",
};

/** Whose leads: the viewer's own, or nobody's. */
export const INBOX_OWNER_VALUES = ["mine", "unassigned"] as const;
type InboxOwner = (typeof INBOX_OWNER_VALUES)[number];
export const INBOX_OWNER_LABELS: Record<InboxOwner, string> = { mine: "Mine", unassigned: "Unassigned" };

/** An absent or empty query parameter means "no filter". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());

/** Unknown or malformed values fall back to the default view rather than failing: a stale bookmark still opens. */
export const InboxFilterSchema = z.object({
  status: z.enum(INBOX_STATUS_VALUES).catch("all"),
  interest: optional(z.enum(INTEREST_VALUES)).catch(undefined),
  dealSize: optional(z.enum(DEAL_SIZE_VALUES)).catch(undefined),
  q: optional(z.string().trim().max(SEARCH_MAX_LENGTH)).catch(undefined),
  /** The lead status (new … closed); `status` above is read/unread/spam. */
  lead: optional(z.enum(INQUIRY_STATUS_VALUES)).catch(undefined),
  owner: optional(z.enum(INBOX_OWNER_VALUES)).catch(undefined),
  /** One inquiry (the link in webhook and digest messages). */
  inquiry: optional(z.uuid()).catch(undefined),
  sort: z.enum(INBOX_SORT_VALUES).catch("received"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  /** Snapshot bound: pages after the first list only inquiries created up to this instant. */
  asOf: optional(z.iso.datetime({ offset: true })).catch(undefined),
});
export type InboxFilter = z.output<typeof InboxFilterSchema>;

/** The filter part of a view (what the CSV export and the counts use). */
export type InboxQuery = Pick<InboxFilter, "status" | "interest" | "dealSize" | "q"> &
  Partial<Pick<InboxFilter, "lead" | "owner" | "inquiry">>;

export function parseInboxFilter(searchParams: URLSearchParams): InboxFilter {
  return InboxFilterSchema.parse(readFields(searchParams, Object.keys(InboxFilterSchema.shape)));
}

const DEFAULT_FILTER: Partial<Record<keyof InboxFilter, string>> = { status: "all", sort: "received" };

/** Query string of a view, leaving out defaults so URLs stay short. */
export function inboxSearchParams(filter: Partial<InboxFilter>): URLSearchParams {
  const params = new URLSearchParams();
  const paged = filter.page !== undefined && filter.page > 1;
  for (const key of Object.keys(InboxFilterSchema.shape) as (keyof InboxFilter)[]) {
    const value = filter[key];
    if (!value || value === DEFAULT_FILTER[key] || ((key === "page" || key === "asOf") && !paged)) continue;
    params.set(key, String(value));
  }
  return params;
}

export const IdSchema = z.uuid({ error: "Unknown inquiry." });

export const NotesSchema = z
  .string({ error: "Notes are required." })
  .max(NOTES_MAX_LENGTH, `Notes must be at most ${NOTES_MAX_LENGTH} characters.`)
  .transform((value) => value.replace(/\r\n?/g, "\n").trim());

const idOnly = <const T extends string>(intent: T) => z.object({ intent: z.literal(intent), id: IdSchema });

/** Read, spam and notes changes, the same from an inbox card and from an inquiry's page. */
export const CARD_ACTIONS = [
  idOnly("mark-read"),
  idOnly("mark-unread"),
  idOnly("mark-spam"),
  idOnly("mark-not-spam"),
  z.object({ intent: z.literal("save-notes"), id: IdSchema, notes: NotesSchema }),
] as const;

/** Every change an admin can make to an inquiry, as one form field `intent`. */
export const InboxActionSchema = z.discriminatedUnion("intent", [...CARD_ACTIONS, idOnly("delete")], {
  error: "Unknown action.",
});
export type InboxAction = z.output<typeof InboxActionSchema>;
export type InboxIntent = InboxAction["intent"];

/** The toast after an inbox action, on the inbox and on the inquiry page. */
export const INBOX_ACTION_DONE: Record<InboxIntent, string> = {
  "mark-read": dashboardPage.messages.markedAsRead,
  "mark-unread": "Marked as unread",
  "mark-spam": "Marked as spam",
  "mark-not-spam": "Moved back to the inbox",
  delete: "Inquiry deleted",
  "save-notes": dashboardPage.messages.notesSaved,
};
