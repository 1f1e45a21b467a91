import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { contactSubmissions, user, userRoles } from "../../../db/schema";
import type { LeadStatus } from "~/content/lead-desk";
import type { InboxQuery } from "~/forms/inbox";
import type { Db } from "../db/db.server";
import { lockJobsOfInquiries } from "../jobs/lock-inquiry-jobs.server";
import { ADMIN_ROLE } from "../auth/roles.server";
import { renderBulkAssignmentMail } from "../mail/desk-mails.server";
import { enqueueMail } from "../mail/mail.server";
import { INQUIRY_ASSIGNMENT } from "./assignment.server";
import { inquiryDashboardUrl } from "./desk-links";
import { whereOf } from "./inbox.server";
import { type AnnounceOptions, formatInquiryReference } from "./inquiries.server";
import { announceReleased } from "./spam-review.server";
import { LostReasonRequiredError } from "./lead-status.server";
import { type NewInquiryEvent, recordEvents } from "./timeline.server";

/** Ids sent from the page (one page of cards at most, with room to spare). */
export const BULK_MAX_IDS = 500;
/** Rows updated per statement: Postgres takes at most 65,535 parameters. */
const CHUNK = 5_000;

export type BulkAction =
  | { kind: "mark-read" }
  | { kind: "mark-unread" }
  | { kind: "spam" }
  | { kind: "not-spam" }
  | { kind: "assign"; assigneeId: string | null }
  | { kind: "set-status"; status: LeadStatus; lostReason?: string | null }
  | { kind: "delete" };

/**
 * Cards selected on the page, or "all N matching this filter". A filter is
 * bounded by `before` (when the count was shown), so what arrived since is
 * not swept up unseen; "mine" needs the viewer.
 */
export type BulkTarget = { ids: readonly string[] } | { query: InboxQuery; viewerId?: string; before?: Date };

export interface BulkResult {
  /** Inquiries the target matched. */
  matched: number;
  /** Of those, how many the action changed (marking read ones read changes nothing). */
  changed: number;
}

function targetCondition(target: BulkTarget): SQL | undefined {
  if ("ids" in target) {
    if (target.ids.length > BULK_MAX_IDS) throw new RangeError(`At most ${BULK_MAX_IDS} inquiries at once.`);
    return target.ids.length === 0 ? sql`false` : inArray(contactSubmissions.id, [...target.ids]);
  }
  return whereOf(target.query, target.before, target.viewerId);
}

/** How many inquiries a target matches: the number the confirmation shows. */
export async function countBulkTarget(db: Db, target: BulkTarget): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(contactSubmissions)
    .where(targetCondition(target));
  return row?.count ?? 0;
}

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) result.push(items.slice(i, i + CHUNK));
  return result;
}

interface Locked {
  id: string;
  readAt: Date | null;
  isSpam: boolean;
  held: boolean;
  assignedTo: string | null;
  status: string;
  lostReason: string | null;
  interest: string | null;
  dealSize: string | null;
  createdAt: Date;
}

/**
 * Applies one action to every inquiry of the target, in one transaction,
 * with a timeline entry per changed inquiry (deletion takes the timeline
 * with it). Assigning to someone other than the actor sends them one mail
 * listing the leads.
 */
export async function applyBulkAction(
  db: Db,
  input: {
    target: BulkTarget;
    action: BulkAction;
    actorId: string;
    siteUrl: string;
    /** What releasing ("not spam") needs to announce a lead; without it, nothing is announced. */
    announce?: AnnounceOptions;
  },
): Promise<BulkResult | "not-an-admin"> {
  const { action, actorId } = input;
  const lostReason =
    action.kind === "set-status" && action.status === "closed_lost"
      ? (action.lostReason?.trim() ?? "")
      : null;
  if (lostReason === "") throw new LostReasonRequiredError();
  return db.transaction(async (tx) => {
    let assignee: { id: string; email: string } | undefined;
    if (action.kind === "assign" && action.assigneeId) {
      [assignee] = await tx
        .select({ id: user.id, email: user.email })
        .from(userRoles)
        .innerJoin(user, eq(user.id, userRoles.user_id))
        .where(and(eq(userRoles.role, ADMIN_ROLE), eq(user.id, action.assigneeId)));
      if (!assignee) return "not-an-admin";
    }
    const rows: Locked[] = await tx
      .select({
        id: contactSubmissions.id,
        readAt: contactSubmissions.read_at,
        isSpam: contactSubmissions.is_spam,
        held: contactSubmissions.held,
        assignedTo: contactSubmissions.assigned_to,
        status: contactSubmissions.status,
        lostReason: contactSubmissions.lost_reason,
        interest: contactSubmissions.interest,
        dealSize: contactSubmissions.deal_size,
        createdAt: contactSubmissions.created_at,
      })
      .from(contactSubmissions)
      .where(targetCondition(input.target))
      .for("update");

    const changing = rows.filter((row) => {
      switch (action.kind) {
        case "mark-read":
          return row.readAt === null;
        case "mark-unread":
          return row.readAt !== null;
        case "spam":
          return !row.isSpam || row.held;
        case "not-spam":
          return row.isSpam;
        case "assign":
          return row.assignedTo !== action.assigneeId;
        case "set-status":
          return row.status !== action.status || row.lostReason !== lostReason;
        case "delete":
          return true;
      }
    });

    for (const part of chunks(changing)) {
      const ids = inArray(
        contactSubmissions.id,
        part.map((row) => row.id),
      );
      if (action.kind === "delete") {
        await lockJobsOfInquiries(tx, ids);
        await tx.delete(contactSubmissions).where(ids);
        continue;
      }
      const values: Record<string, unknown> =
        action.kind === "mark-read"
          ? { read_at: sql`now()`, read_by: actorId }
          : action.kind === "mark-unread"
            ? { read_at: null, read_by: null }
            : action.kind === "spam" || action.kind === "not-spam"
              ? {
                  is_spam: action.kind === "spam",
                  held: false,
                  // Judging a held inquiry is activity: its spam period starts now.
                  last_action_at: sql`case when ${contactSubmissions.held} then now() else ${contactSubmissions.last_action_at} end`,
                }
              : action.kind === "assign"
                ? {
                    assigned_to: action.assigneeId,
                    assigned_at: action.assigneeId ? sql`now()` : null,
                    last_action_at: sql`now()`,
                  }
                : {
                    status: action.status,
                    lost_reason: lostReason,
                    status_changed_at: sql`now()`,
                    last_action_at: sql`now()`,
                  };
      await tx.update(contactSubmissions).set(values).where(ids);
      await recordEvents(
        tx,
        part.map((row): NewInquiryEvent => eventFor(action, row, actorId, lostReason)),
      );
      // Released leads never announced (held or trapped on arrival) are announced now, once.
      if (action.kind === "not-spam" && input.announce) {
        await announceReleased(
          tx,
          part.map((row) => row.id),
          input.announce,
        );
      }
    }

    if (assignee && assignee.id !== actorId && changing.length > 0) {
      await enqueueMail(tx, {
        kind: INQUIRY_ASSIGNMENT,
        to: assignee.email,
        ...renderBulkAssignmentMail(
          changing.map((row) => ({
            reference: formatInquiryReference(row.id),
            interest: row.interest,
            dealSize: row.dealSize,
            createdAt: row.createdAt,
            dashboardUrl: inquiryDashboardUrl(input.siteUrl, row.id),
          })),
          `${input.siteUrl}/dashboard?owner=mine`,
        ),
      });
    }
    return { matched: rows.length, changed: changing.length };
  });
}

function eventFor(
  action: BulkAction,
  row: Locked,
  actorId: string,
  lostReason: string | null,
): NewInquiryEvent {
  const base = { inquiryId: row.id, actorId, details: { bulk: true } as Record<string, unknown> };
  switch (action.kind) {
    case "mark-read":
      return { ...base, kind: "read" };
    case "mark-unread":
      return { ...base, kind: "unread" };
    case "spam":
      return { ...base, kind: "spam" };
    case "not-spam":
      return { ...base, kind: "not-spam" };
    case "assign":
      return {
        ...base,
        kind: action.assigneeId ? "assigned" : "unassigned",
        details: {
          ...base.details,
          ...(action.assigneeId ? { to: action.assigneeId } : {}),
          ...(row.assignedTo ? { from: row.assignedTo } : {}),
        },
      };
    case "set-status":
      return {
        ...base,
        kind: "status-changed",
        details: {
          ...base.details,
          from: row.status,
          to: action.status,
          ...(lostReason ? { reason: lostReason } : {}),
        },
      };
    case "delete":
      throw new Error("a deletion has no timeline entry");
  }
}
