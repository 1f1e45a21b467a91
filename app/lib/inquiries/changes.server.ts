import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { contactSubmissions, user, userRoles } from "~db/schema";
import type { InquiryStatus } from "~/content/inquiry-desk";
import type { InboxQuery } from "~/forms/inbox";
import { ADMIN_ROLE } from "~/lib/auth/roles.server";
import type { Db } from "~/lib/db/db.server";
import { lockJobsOfInquiries } from "~/lib/jobs/lock-inquiry-jobs.server";
import { renderBulkAssignmentMail } from "~/lib/mail/desk-mails.server";
import { enqueueMail } from "~/lib/mail/mail.server";
import { summariseInquiry, whereOf } from "~/lib/inquiries/inquiries.server";
import { inquiryDashboardUrl } from "~/lib/inquiries/inquiry";
import { type AnnounceOptions, announceReleased } from "~/lib/inquiries/intake.server";
import { type NewInquiryEvent, recordEvents } from "~/lib/inquiries/timeline.server";

export const INQUIRY_ASSIGNMENT = "inquiry-assignment";

export type DeskChange = "changed" | "unchanged" | "not-found";

export class LostReasonRequiredError extends Error {
  override name = "LostReasonRequiredError";
  constructor() {
    super("A lost lead needs a reason.");
  }
}

/** A change the desk makes to one inquiry or to many (applyBulkAction). */
export type InquiryChange =
  | { kind: "mark-read" }
  | { kind: "mark-unread" }
  | { kind: "spam" }
  | { kind: "not-spam" }
  | { kind: "assign"; assigneeId: string | null }
  | { kind: "set-status"; status: InquiryStatus; lostReason?: string | null };

const changeColumns = {
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
};

export function lockChangeRows(tx: Db, where: SQL | undefined) {
  return tx.select(changeColumns).from(contactSubmissions).where(where).for("update");
}

export type ChangeRow = Awaited<ReturnType<typeof lockChangeRows>>[number];

/** A lost inquiry needs a reason (kept with it); any other status clears the reason. */
export function lostReasonOf(change: InquiryChange): string | null {
  const reason =
    change.kind === "set-status" && change.status === "closed_lost"
      ? (change.lostReason?.trim() ?? "")
      : null;
  if (reason === "") throw new LostReasonRequiredError();
  return reason;
}

/** Only a real change is recorded: marking a read inquiry read again is not an event. */
function changes(change: InquiryChange, row: ChangeRow, lostReason: string | null): boolean {
  switch (change.kind) {
    case "mark-read":
      return row.readAt === null;
    case "mark-unread":
      return row.readAt !== null;
    case "spam":
      return !row.isSpam || row.held;
    case "not-spam":
      return row.isSpam;
    case "assign":
      return row.assignedTo !== change.assigneeId;
    case "set-status":
      return row.status !== change.status || row.lostReason !== lostReason;
  }
}

function valuesOf(change: InquiryChange, actorId: string | undefined, lostReason: string | null) {
  switch (change.kind) {
    case "mark-read":
      // Only an unread inquiry changes: who read it first, and when, is kept.
      return { read_at: sql`now()`, read_by: actorId };
    case "mark-unread":
      return { read_at: null, read_by: null };
    case "spam":
    case "not-spam":
      return {
        is_spam: change.kind === "spam",
        held: false,
        // Judging a held inquiry is activity: its spam period starts now, not at its arrival.
        last_action_at: sql`case when ${contactSubmissions.held} then now() else ${contactSubmissions.last_action_at} end`,
      };
    case "assign":
      return {
        assigned_to: change.assigneeId,
        assigned_at: change.assigneeId ? sql`now()` : null,
        last_action_at: sql`now()`,
      };
    case "set-status":
      return {
        status: change.status,
        lost_reason: lostReason,
        status_changed_at: sql`now()`,
        last_action_at: sql`now()`,
      };
  }
}

function eventOf(
  change: InquiryChange,
  row: ChangeRow,
  actorId: string | undefined,
  lostReason: string | null,
  details: Record<string, unknown>,
): NewInquiryEvent {
  const base = { inquiryId: row.id, actorId, details };
  switch (change.kind) {
    case "mark-read":
      return { ...base, kind: "read" };
    case "mark-unread":
      return { ...base, kind: "unread" };
    case "spam":
    case "not-spam":
      return { ...base, kind: change.kind };
    case "assign":
      return {
        ...base,
        kind: change.assigneeId ? "assigned" : "unassigned",
        details: {
          ...details,
          ...(change.assigneeId ? { to: change.assigneeId } : {}),
          ...(row.assignedTo ? { from: row.assignedTo } : {}),
        },
      };
    case "set-status":
      return {
        ...base,
        kind: "status-changed",
        details: {
          ...details,
          from: row.status,
          to: change.status,
          ...(lostReason ? { reason: lostReason } : {}),
        },
      };
  }
}

/** Applies a change to those of the locked rows it changes, with a timeline entry each; returns those rows. */
export async function applyChange(
  tx: Db,
  change: InquiryChange,
  rows: readonly ChangeRow[],
  options: { actorId?: string; lostReason: string | null; details?: Record<string, unknown> },
): Promise<ChangeRow[]> {
  const { actorId, lostReason } = options;
  const changing = rows.filter((row) => changes(change, row, lostReason));
  if (changing.length === 0) return changing;
  await tx
    .update(contactSubmissions)
    .set(valuesOf(change, actorId, lostReason))
    .where(
      inArray(
        contactSubmissions.id,
        changing.map((row) => row.id),
      ),
    );
  await recordEvents(
    tx,
    changing.map((row) => eventOf(change, row, actorId, lostReason, options.details ?? {})),
  );
  return changing;
}

function selectAdmins(db: Db, where: SQL | undefined) {
  return db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.user_id))
    .where(and(eq(userRoles.role, ADMIN_ROLE), where));
}

/** Who an inquiry can be given to: users with the admin role, by name. */
export function listAssignableAdmins(db: Db) {
  return selectAdmins(db, undefined).orderBy(asc(user.name), asc(user.id));
}

/** Only admins can own inquiries: null for anyone else. */
export async function findAdmin(db: Db, userId: string) {
  const [row] = await selectAdmins(db, eq(user.id, userId)).limit(1);
  return row ?? null;
}

/** Ids sent from the page: one page of cards at most, with room to spare. */
export const BULK_MAX_IDS = 500;
/** Rows updated per statement: Postgres takes at most 65,535 parameters. */
const CHUNK = 5_000;

export type BulkAction = InquiryChange | { kind: "delete" };

/** Cards selected on the page, or "all N matching this filter" up to `before`, so what arrived since is not swept up unseen. */
export type BulkTarget = { ids: readonly string[] } | { query: InboxQuery; viewerId?: string; before?: Date };

export type BulkResult = { matched: number; changed: number };

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

/** Assigning to someone other than the actor sends them one mail listing the inquiries. */
export async function applyBulkAction(
  db: Db,
  input: {
    target: BulkTarget;
    action: BulkAction;
    actorId: string;
    siteUrl: string;
    /** What releasing ("not spam") needs to announce an inquiry; without it, nothing is announced. */
    announce?: AnnounceOptions;
  },
): Promise<BulkResult | "not-an-admin"> {
  const { action, actorId } = input;
  const lostReason = action.kind === "delete" ? null : lostReasonOf(action);
  return db.transaction(async (tx) => {
    const assignee =
      action.kind === "assign" && action.assigneeId ? await findAdmin(tx, action.assigneeId) : null;
    if (action.kind === "assign" && action.assigneeId && !assignee) return "not-an-admin";
    const rows = await lockChangeRows(tx, targetCondition(input.target));
    const changed: ChangeRow[] = [];
    for (let start = 0; start < rows.length; start += CHUNK) {
      const part = rows.slice(start, start + CHUNK);
      if (action.kind === "delete") {
        const ids = inArray(
          contactSubmissions.id,
          part.map((row) => row.id),
        );
        await lockJobsOfInquiries(tx, ids);
        await tx.delete(contactSubmissions).where(ids);
        changed.push(...part);
        continue;
      }
      const changing = await applyChange(tx, action, part, { actorId, lostReason, details: { bulk: true } });
      changed.push(...changing);
      // Released inquiries never announced (held or trapped on arrival) are announced now, once.
      if (action.kind === "not-spam" && input.announce) {
        await announceReleased(
          tx,
          changing.map((row) => row.id),
          input.announce,
        );
      }
    }
    if (assignee && assignee.id !== actorId && changed.length > 0) {
      await enqueueMail(tx, {
        kind: INQUIRY_ASSIGNMENT,
        to: assignee.email,
        ...renderBulkAssignmentMail(
          changed.map((row) => summariseInquiry(row, inquiryDashboardUrl(input.siteUrl, row.id))),
          `${input.siteUrl}/dashboard?owner=mine`,
        ),
      });
    }
    return { matched: rows.length, changed: changed.length };
  });
}
