import { REPLY_TEMPLATES } from "~/content/reply-templates";
import type { LeadAction } from "~/forms/lead-desk";
import type { Db } from "~/lib/db/db.server";
import { assignInquiry, listAssignableAdmins, takeInquiry } from "~/lib/inbox/assignment.server";
import { listReplies, markRepliedOutside, sendDeskReply } from "~/lib/inbox/desk-reply.server";
import { getInquiry } from "~/lib/inbox/inbox.server";
import { formatInquiryReference } from "~/lib/inbox/inquiries.server";
import { setLeadStatus } from "~/lib/inbox/lead-status.server";
import { draftReply } from "~/lib/inbox/reply-draft";
import { listTimeline } from "~/lib/inbox/timeline.server";

/** Everything the lead page shows of one inquiry; null when it does not exist. */
export async function loadLead(db: Db, input: { id: string; viewerName: string; templateId: string | null }) {
  const item = await getInquiry(db, input.id);
  if (!item) return null;
  const [timeline, replies, admins] = await Promise.all([
    listTimeline(db, input.id),
    listReplies(db, input.id),
    listAssignableAdmins(db),
  ]);
  const reference = formatInquiryReference(item.id);
  const templateId = REPLY_TEMPLATES.some((template) => template.id === input.templateId)
    ? input.templateId
    : null;
  const draft = draftReply({
    name: item.name,
    reference,
    senderName: input.viewerName,
    templateId: templateId ?? undefined,
  });
  return {
    item,
    reference,
    timeline,
    replies,
    admins: admins.map(({ id, name }) => ({ id, name })),
    draft,
    templateId,
  };
}

export type LeadOutcome = "done" | "unchanged" | "not-found" | "not-an-admin";

/** Applies one lead-page action for the signed-in admin. */
export async function applyLeadAction(
  db: Db,
  action: LeadAction,
  actor: { id: string },
  siteUrl: string,
): Promise<LeadOutcome> {
  const changed = (result: string): LeadOutcome => (result === "changed" ? "done" : (result as LeadOutcome));
  switch (action.intent) {
    case "set-status":
      return changed(
        await setLeadStatus(db, {
          inquiryId: action.id,
          status: action.status,
          lostReason: action.lostReason ?? null,
          actorId: actor.id,
        }),
      );
    case "assign":
      return changed(
        await assignInquiry(db, {
          inquiryId: action.id,
          assigneeId: action.assigneeId,
          actorId: actor.id,
          siteUrl,
        }),
      );
    case "take":
      return changed(await takeInquiry(db, { inquiryId: action.id, actorId: actor.id, siteUrl }));
    case "reply": {
      const sent = await sendDeskReply(db, {
        inquiryId: action.id,
        subject: action.subject,
        body: action.body,
        actorId: actor.id,
      });
      return sent === "not-found" ? "not-found" : "done";
    }
    case "mark-replied":
      return changed(
        await markRepliedOutside(db, { inquiryId: action.id, actorId: actor.id, channel: action.channel }),
      );
  }
}
