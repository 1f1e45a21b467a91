import { eq, sql } from "drizzle-orm";
import { contactSubmissions } from "../../../db/schema";
import type { LeadStatus } from "~/content/lead-desk";
import type { Db } from "../db/db.server";
import { recordEvent } from "./timeline.server";

export type DeskChange = "changed" | "unchanged" | "not-found";

export class LostReasonRequiredError extends Error {
  override name = "LostReasonRequiredError";
  constructor() {
    super("A lost lead needs a reason.");
  }
}

/**
 * Moves a lead to `status`. A lost lead needs a reason (kept with it); any
 * other status clears the reason. Any move is allowed (a closed lead may
 * reopen); each is recorded on the timeline with from, to and reason.
 */
export async function setLeadStatus(
  db: Db,
  input: { inquiryId: string; status: LeadStatus; lostReason?: string | null; actorId: string },
): Promise<DeskChange> {
  const reason = input.status === "closed_lost" ? (input.lostReason?.trim() ?? "") : null;
  if (reason === "") throw new LostReasonRequiredError();
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: contactSubmissions.status, lostReason: contactSubmissions.lost_reason })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, input.inquiryId))
      .for("update");
    if (!current) return "not-found";
    if (current.status === input.status && current.lostReason === reason) return "unchanged";
    await tx
      .update(contactSubmissions)
      .set({
        status: input.status,
        lost_reason: reason,
        status_changed_at: sql`now()`,
        last_action_at: sql`now()`,
      })
      .where(eq(contactSubmissions.id, input.inquiryId));
    await recordEvent(tx, {
      inquiryId: input.inquiryId,
      kind: "status-changed",
      actorId: input.actorId,
      details: { from: current.status, to: input.status, ...(reason ? { reason } : {}) },
    });
    return "changed";
  });
}
