import { eq, sql } from "drizzle-orm";
import { contactSubmissions, inquiryNotesVersions, user } from "~db/schema";
import type { InquiryStatus } from "~/content/inquiry-desk";
import type { InboxAction } from "~/forms/inbox";
import { type AppContext, databaseContext, envContext } from "~/lib/context.server";
import type { Db } from "~/lib/db/db.server";
import { lockJobsOfInquiries } from "~/lib/jobs/lock-inquiry-jobs.server";
import { renderAssignmentMail } from "~/lib/mail/desk-mails.server";
import { enqueueMail } from "~/lib/mail/mail.server";
import { logFailure } from "~/lib/ops/failure-reference.server";
import { logger } from "~/lib/ops/logger.server";
import {
  applyChange,
  type ChangeRow,
  type DeskChange,
  findAdmin,
  INQUIRY_ASSIGNMENT,
  type InquiryChange,
  lockChangeRows,
  lostReasonOf,
} from "~/lib/inquiries/changes.server";
import { summariseInquiry } from "~/lib/inquiries/inquiries.server";
import { inquiryDashboardUrl } from "~/lib/inquiries/inquiry";
import {
  type AnnounceOptions,
  announceOptionsFromEnv,
  announceReleased,
} from "~/lib/inquiries/intake.server";
import { recordEvent } from "~/lib/inquiries/timeline.server";

async function changeInquiry(
  tx: Db,
  id: string,
  change: InquiryChange,
  actorId?: string,
): Promise<{ outcome: DeskChange; row?: ChangeRow }> {
  const lostReason = lostReasonOf(change);
  const [row] = await lockChangeRows(tx, eq(contactSubmissions.id, id));
  if (!row) return { outcome: "not-found" };
  const changed = await applyChange(tx, change, [row], { actorId, lostReason });
  return { outcome: changed.length > 0 ? "changed" : "unchanged", row };
}

/** False when no inquiry has this id. */
async function changeOne(db: Db, id: string, change: InquiryChange, actorId?: string): Promise<boolean> {
  const { outcome } = await db.transaction((tx) => changeInquiry(tx, id, change, actorId));
  return outcome !== "not-found";
}

export function markRead(db: Db, id: string, adminUserId: string): Promise<boolean> {
  return changeOne(db, id, { kind: "mark-read" }, adminUserId);
}

export function markUnread(db: Db, id: string, adminUserId?: string): Promise<boolean> {
  return changeOne(db, id, { kind: "mark-unread" }, adminUserId);
}

/** Marking one not spam here announces nothing: the desk's "Not spam" is releaseInquiry. */
export function setSpam(db: Db, id: string, isSpam: boolean, adminUserId?: string): Promise<boolean> {
  return changeOne(db, id, { kind: isSpam ? "spam" : "not-spam" }, adminUserId);
}

/** Any move is allowed: a closed inquiry may reopen. */
export async function setInquiryStatus(
  db: Db,
  input: { inquiryId: string; status: InquiryStatus; lostReason?: string | null; actorId: string },
): Promise<DeskChange> {
  const change: InquiryChange = { kind: "set-status", status: input.status, lostReason: input.lostReason };
  const { outcome } = await db.transaction((tx) => changeInquiry(tx, input.inquiryId, change, input.actorId));
  return outcome;
}

/** Gives an inquiry to an admin (or to nobody, with null), who gets a mail unless they took it themselves. */
export async function assignInquiry(
  db: Db,
  input: { inquiryId: string; assigneeId: string | null; actorId: string; siteUrl: string },
): Promise<DeskChange | "not-an-admin"> {
  return db.transaction(async (tx) => {
    const assignee = input.assigneeId ? await findAdmin(tx, input.assigneeId) : null;
    if (input.assigneeId && !assignee) return "not-an-admin";
    const { outcome, row } = await changeInquiry(
      tx,
      input.inquiryId,
      { kind: "assign", assigneeId: input.assigneeId },
      input.actorId,
    );
    if (outcome === "changed" && row && assignee && assignee.id !== input.actorId) {
      const [actor] = await tx.select({ name: user.name }).from(user).where(eq(user.id, input.actorId));
      await enqueueMail(tx, {
        kind: INQUIRY_ASSIGNMENT,
        to: assignee.email,
        inquiryId: input.inquiryId,
        ...renderAssignmentMail(
          summariseInquiry(row, inquiryDashboardUrl(input.siteUrl, input.inquiryId)),
          actor?.name ?? null,
        ),
      });
    }
    return outcome;
  });
}

export function takeInquiry(
  db: Db,
  input: { inquiryId: string; actorId: string; siteUrl: string },
): Promise<DeskChange | "not-an-admin"> {
  return assignInquiry(db, { ...input, assigneeId: input.actorId });
}

/** Each change keeps its text as a version, so an edit never loses what was there. */
export function saveNotes(db: Db, id: string, notes: string, adminUserId: string): Promise<boolean> {
  const value = notes === "" ? null : notes;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ notes: contactSubmissions.admin_notes })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, id))
      .for("update");
    if (!row) return false;
    // Saving the same text again is not an edit.
    if (row.notes === value) return true;
    await tx
      .update(contactSubmissions)
      .set({ admin_notes: value, notes_updated_at: sql`now()`, notes_updated_by: adminUserId })
      .where(eq(contactSubmissions.id, id));
    const [version] = await tx
      .insert(inquiryNotesVersions)
      .values({ inquiry_id: id, notes: value, author_id: adminUserId, created_at: sql`clock_timestamp()` })
      .returning({ id: inquiryNotesVersions.id });
    await recordEvent(tx, {
      inquiryId: id,
      kind: "notes-edited",
      actorId: adminUserId,
      details: { versionId: version!.id },
    });
    return true;
  });
}

/**
 * "Not spam": back in the inbox, and announced if it never was. The row lock makes a concurrent second
 * click wait, then find nothing left to release.
 */
export async function releaseInquiry(
  db: Db,
  id: string,
  adminUserId: string | null,
  options: AnnounceOptions,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ isSpam: contactSubmissions.is_spam, held: contactSubmissions.held })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, id))
      .for("update");
    if (!row) return false;
    if (!row.isSpam) return true;
    await tx
      .update(contactSubmissions)
      .set({ is_spam: false, held: false })
      .where(eq(contactSubmissions.id, id));
    await recordEvent(tx, {
      inquiryId: id,
      kind: "not-spam",
      actorId: adminUserId,
      details: row.held ? { held: true } : {},
    });
    await announceReleased(tx, [id], options);
    return true;
  });
}

/** Erasure: the inquiry is gone; its queued mails keep no link to it. */
export async function deleteInquiry(db: Db, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockJobsOfInquiries(tx, eq(contactSubmissions.id, id));
    const rows = await tx
      .delete(contactSubmissions)
      .where(eq(contactSubmissions.id, id))
      .returning({ id: contactSubmissions.id });
    return rows.length > 0;
  });
}

/** An action from an inbox card or the inquiry page: false when no inquiry has this id. */
export function applyInquiryAction(
  db: Db,
  action: InboxAction,
  adminId: string,
  announce: AnnounceOptions,
): Promise<boolean> {
  switch (action.intent) {
    case "mark-read":
      return markRead(db, action.id, adminId);
    case "mark-unread":
      return markUnread(db, action.id, adminId);
    case "mark-spam":
      return setSpam(db, action.id, true, adminId);
    case "mark-not-spam":
      return releaseInquiry(db, action.id, adminId, announce);
    case "save-notes":
      return saveNotes(db, action.id, action.notes, adminId);
    case "delete":
      return deleteInquiry(db, action.id);
  }
}

/** Null when done, otherwise what the page says went wrong (a failure's reference, never the database's message). */
export async function runInquiryAction(
  context: AppContext,
  action: InboxAction,
  adminId: string,
): Promise<{ description: string; status: number } | null> {
  let found: boolean;
  try {
    found = await applyInquiryAction(
      context.get(databaseContext).db,
      action,
      adminId,
      announceOptionsFromEnv(context.get(envContext)),
    );
  } catch (error) {
    return {
      description: logFailure(error, "inquiry action failed", { intent: action.intent }),
      status: 500,
    };
  }
  if (!found) return { description: "This inquiry no longer exists.", status: 404 };
  logger.info({ intent: action.intent, inquiryId: action.id, adminId }, "inquiry action");
  return null;
}
