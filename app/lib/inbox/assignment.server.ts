import { and, asc, eq, sql } from "drizzle-orm";
import { contactSubmissions, user, userRoles } from "../../../db/schema";
import type { Db } from "../db/db.server";
import { ADMIN_ROLE } from "../auth/roles.server";
import { renderAssignmentMail } from "../mail/desk-mails.server";
import { enqueueMail } from "../mail/mail.server";
import { inquiryDashboardUrl } from "./desk-links";
import { formatInquiryReference } from "./inquiries.server";
import type { DeskChange } from "./lead-status.server";
import { recordEvent } from "./timeline.server";

export const INQUIRY_ASSIGNMENT = "inquiry-assignment";

interface Assignee {
  id: string;
  name: string;
  email: string;
}

/** Who a lead can be given to: users with the admin role, by name. */
export async function listAssignableAdmins(db: Db): Promise<Assignee[]> {
  return db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.user_id))
    .where(eq(userRoles.role, ADMIN_ROLE))
    .orderBy(asc(user.name), asc(user.id));
}

async function findAdmin(db: Db, userId: string): Promise<Assignee | null> {
  const [row] = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.user_id))
    .where(and(eq(userRoles.role, ADMIN_ROLE), eq(user.id, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * Gives a lead to an admin (or to nobody, with null). The assignee gets a
 * mail, queued in the same transaction, unless they took it themselves.
 * Only admins can own leads: anyone else is "not-an-admin", and nothing changes.
 */
export async function assignInquiry(
  db: Db,
  input: { inquiryId: string; assigneeId: string | null; actorId: string; siteUrl: string },
): Promise<DeskChange | "not-an-admin"> {
  return db.transaction(async (tx) => {
    const assignee = input.assigneeId ? await findAdmin(tx, input.assigneeId) : null;
    if (input.assigneeId && !assignee) return "not-an-admin";
    const [current] = await tx
      .select({
        assignedTo: contactSubmissions.assigned_to,
        interest: contactSubmissions.interest,
        dealSize: contactSubmissions.deal_size,
        createdAt: contactSubmissions.created_at,
      })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, input.inquiryId))
      .for("update");
    if (!current) return "not-found";
    if (current.assignedTo === input.assigneeId) return "unchanged";
    await tx
      .update(contactSubmissions)
      .set({
        assigned_to: input.assigneeId,
        assigned_at: input.assigneeId ? sql`now()` : null,
        last_action_at: sql`now()`,
      })
      .where(eq(contactSubmissions.id, input.inquiryId));
    await recordEvent(tx, {
      inquiryId: input.inquiryId,
      kind: assignee ? "assigned" : "unassigned",
      actorId: input.actorId,
      details: {
        ...(assignee ? { to: assignee.id } : {}),
        ...(current.assignedTo ? { from: current.assignedTo } : {}),
      },
    });
    if (assignee && assignee.id !== input.actorId) {
      const [actor] = await tx.select({ name: user.name }).from(user).where(eq(user.id, input.actorId));
      await enqueueMail(tx, {
        kind: INQUIRY_ASSIGNMENT,
        to: assignee.email,
        inquiryId: input.inquiryId,
        ...renderAssignmentMail(
          {
            reference: formatInquiryReference(input.inquiryId),
            interest: current.interest,
            dealSize: current.dealSize,
            createdAt: current.createdAt,
            dashboardUrl: inquiryDashboardUrl(input.siteUrl, input.inquiryId),
          },
          actor?.name ?? null,
        ),
      });
    }
    return "changed";
  });
}

/** "Take it": the acting admin becomes the owner (no mail to themselves). */
export function takeInquiry(
  db: Db,
  input: { inquiryId: string; actorId: string; siteUrl: string },
): Promise<DeskChange | "not-an-admin"> {
  return assignInquiry(db, { ...input, assigneeId: input.actorId });
}
