import type { InboxFilter } from "~/forms/inbox";
import { ChangeGeneration } from "../db/change-generation.server";
import type { DatabaseHandle } from "../db/db.server";
import { type Assignee, listAssignableAdmins } from "./assignment.server";
import { countInbox, countUnread, INBOX_CHANGED_CHANNEL, type InboxCounts } from "./inbox.server";
import { computeReplyMetrics, type ReplyMetrics } from "./reply-metrics.server";
import { countSpamAndHeld, type SpamCounts } from "./spam-review.server";
import { countDueFollowUps, endOfUkDay } from "./follow-ups.server";

/**
 * How long a count may be reused. A change to inquiries clears every count
 * at once through the NOTIFY that also feeds the live inbox; the expiry only
 * bounds what a notification lost in a Postgres outage could leave behind.
 */
export const INBOX_COUNT_TTL_MS = 5_000;
/** Views counted at once (each status × filters × search); beyond it, all are dropped. */
const MAX_ENTRIES = 200;

type CountSource = Pick<DatabaseHandle, "db" | "listen">;

interface Entry<T> {
  value: Promise<T>;
  generation: number;
  expires: number;
}

/**
 * Counts of one database, reused between requests until the inquiries
 * change. A count begun before a change is never kept: every notification
 * moves the generation on, and only results of the current one are stored.
 * Until the process listens on the channel, nothing is reused at all.
 */
class InboxCountCache {
  private readonly entries = new Map<string, Entry<unknown>>();
  private readonly changes: ChangeGeneration;

  constructor(source: CountSource) {
    this.changes = new ChangeGeneration(source, INBOX_CHANGED_CHANNEL, () => this.entries.clear());
  }

  invalidate(): void {
    this.changes.change();
  }

  async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const listening = this.changes.listening();
    if (!(listening === true || (await listening))) return compute();
    const now = Date.now();
    const cached = this.entries.get(key) as Entry<T> | undefined;
    if (cached && cached.generation === this.changes.value && cached.expires > now) return cached.value;

    // Concurrent requests for the same view share one query.
    const value = compute();
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { value, generation: this.changes.value, expires: now + INBOX_COUNT_TTL_MS });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }
}

const caches = new WeakMap<CountSource, InboxCountCache>();

function cacheOf(source: CountSource): InboxCountCache {
  let cache = caches.get(source);
  if (!cache) {
    cache = new InboxCountCache(source);
    caches.set(source, cache);
  }
  return cache;
}

/** Everything that decides a view's count: "mine" differs per admin. */
function viewKey(filter: InboxFilter, viewerId: string | undefined): string {
  const before = filter.page > 1 ? (filter.asOf ?? "") : "";
  return JSON.stringify([
    filter.status,
    filter.interest ?? "",
    filter.dealSize ?? "",
    filter.q ?? "",
    filter.lead ?? "",
    filter.owner ?? "",
    filter.inquiry ?? "",
    filter.owner === "mine" ? (viewerId ?? "") : "",
    before,
  ]);
}

/** The dashboard header's numbers for a view, from the cache when nothing changed since. */
export function countInboxCached(
  source: CountSource,
  filter: InboxFilter,
  viewerId?: string,
): Promise<InboxCounts> {
  const cache = cacheOf(source);
  return cache.get(`view:${viewKey(filter, viewerId)}`, () => countInbox(source.db, filter, viewerId));
}

/** The unread badge of every admin page, from the cache when nothing changed since. */
export function countUnreadCached(source: CountSource): Promise<number> {
  return cacheOf(source).get("unread", () => countUnread(source.db));
}

/** The spam and held counts the dashboard shows, from the cache when nothing changed since. */
export function spamCountsCached(source: CountSource): Promise<SpamCounts> {
  return cacheOf(source).get("spam-held", () => countSpamAndHeld(source.db));
}

/**
 * The dashboard's reply metrics: they move with inquiries (cleared with the
 * counts) and, slowly, with the clock (the expiry).
 */
export function replyMetricsCached(source: CountSource, now: Date): Promise<ReplyMetrics> {
  return cacheOf(source).get("reply-metrics", () => computeReplyMetrics(source.db, now));
}

/** The admins a lead can be assigned to; a role change shows within the expiry. */
export function assignableAdminsCached(source: CountSource): Promise<Assignee[]> {
  return cacheOf(source).get("assignable-admins", () => listAssignableAdmins(source.db));
}

/**
 * Follow-ups due by the end of today (UK time): every change to a follow-up
 * writes the lead's timeline in the same transaction, whose trigger
 * (migration 0009) clears the counts; the key moves on at midnight.
 */
export function dueFollowUpsCached(source: CountSource, now: Date): Promise<number> {
  return cacheOf(source).get(`due-follow-ups:${endOfUkDay(now).toISOString()}`, () =>
    countDueFollowUps(source.db, { now }),
  );
}

/**
 * One page of a view's rows in the compact list, until the inquiries
 * change: the page an admin comes back to, or another admin opens, costs no
 * query. An owner's renamed account shows within the expiry.
 */
export function inboxRowPageCached<T>(
  source: CountSource,
  filter: InboxFilter,
  viewerId: string | undefined,
  compute: () => Promise<T>,
): Promise<T> {
  const key = JSON.stringify([viewKey(filter, viewerId), filter.sort, filter.page, filter.asOf ?? ""]);
  return cacheOf(source).get(`rows:${key}`, compute);
}

/**
 * Anything else every workspace page reads and a change to the inbox's
 * tables clears: an admin's saved views and layout (migration 0022 notifies
 * on their tables too). `key` names what is kept and for whom.
 */
export function cachedUntilInboxChange<T>(
  source: CountSource,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  return cacheOf(source).get(`other:${key}`, compute);
}

/**
 * After this process changed inquiries: the notification from another
 * connection (Postgres) can arrive after the admin's next request.
 */
export function invalidateInboxCounts(source: CountSource): void {
  caches.get(source)?.invalidate();
}
