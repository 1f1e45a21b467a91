import { href } from "react-router";
import type { InquiryPageAction } from "~/forms/inquiry-page";
import type { InquiryAction } from "~/forms/inquiry-desk";
import type { Db } from "~/lib/db/db.server";
import {
  assignInquiry,
  takeInquiry,
  markRead,
  setInquiryStatus,
} from "~/lib/inquiries/inquiry-actions.server";
import { listAssignableAdmins } from "~/lib/inquiries/changes.server";
import {
  listReplies,
  markRepliedOutside,
  sendDeskReply,
  discardReplyDraft,
  getReplyDraft,
  listReplyTemplates,
} from "~/lib/inquiries/replies.server";
import { getInquiry } from "~/lib/inquiries/inquiries.server";
import { formatInquiryReference } from "~/lib/inquiries/inquiry";
import { listNotesVersions, listTimeline } from "~/lib/inquiries/timeline.server";
import { getFollowUp } from "~/lib/inquiries/follow-ups.server";
import { draftClosing, draftReply, fillPlaceholders, placeholderValues } from "~/lib/inquiries/reply-text";
import { listReceivedMessages } from "~/lib/conversation/conversation.server";
import { confirmHeldMessage } from "~/lib/conversation/held-messages.server";

/**
 * Everything the inquiry page shows of one inquiry; null when it does not
 * exist. Opening an unread inquiry marks it read (`openedAsRead`), unless the
 * admin has just marked it unread from this page (`keepUnread`). The
 * composer opens with the viewer's saved draft when there is one; otherwise
 * with a fresh draft (holding the `template` of an old "?template=" link, if
 * it names one). Templates come with their placeholders filled in for this
 * inquiry, for the composer to insert.
 */
export async function loadInquiry(
  db: Db,
  input: { id: string; viewerId: string; viewerName: string; templateId: string | null; keepUnread: boolean },
) {
  let item = await getInquiry(db, input.id);
  if (!item) return null;
  const openedAsRead = !item.readAt && !input.keepUnread;
  if (openedAsRead) {
    await markRead(db, input.id, input.viewerId);
    item = await getInquiry(db, input.id);
    if (!item) return null;
  }
  const [timeline, replies, messages, admins, templateRows, savedDraft, followUp, notesVersions] =
    await Promise.all([
      listTimeline(db, input.id),
      listReplies(db, input.id),
      listReceivedMessages(db, input.id),
      listAssignableAdmins(db),
      listReplyTemplates(db),
      getReplyDraft(db, { inquiryId: input.id, adminId: input.viewerId }),
      getFollowUp(db, input.id),
      listNotesVersions(db, input.id),
    ]);
  const reference = formatInquiryReference(item.id);
  const values = placeholderValues({ ...item, reference, senderName: input.viewerName });
  const templates = templateRows.map((template) => ({
    id: template.id,
    name: template.name,
    subject: fillPlaceholders(template.subject, values),
    body: fillPlaceholders(template.body, values),
  }));
  const chosen = templates.find((template) => template.id === input.templateId);
  const templateId = chosen ? chosen.id : null;
  const fresh = draftReply({ name: item.name, reference, senderName: input.viewerName });
  const draft = savedDraft
    ? { subject: savedDraft.subject, body: savedDraft.body }
    : chosen
      ? draftReply({ name: item.name, reference, senderName: input.viewerName, templateBody: chosen.body })
      : fresh;
  return {
    templates,
    freshDraft: fresh,
    closing: draftClosing({ reference, senderName: input.viewerName }),
    draftSavedAt: savedDraft?.updatedAt ?? null,
    followUp,
    item,
    reference,
    timeline,
    replies,
    messages,
    admins: admins.map(({ id, name }) => ({ id, name })),
    draft,
    templateId,
    notesVersions,
    openedAsRead,
  };
}

export type DeskOutcome = "done" | "unchanged" | "not-found" | "not-an-admin";

/** Applies one inquiry-page action for the signed-in admin. */
export async function applyDeskAction(
  db: Db,
  action: InquiryAction,
  actor: { id: string },
  siteUrl: string,
): Promise<DeskOutcome> {
  const changed = (result: string): DeskOutcome => (result === "changed" ? "done" : (result as DeskOutcome));
  switch (action.intent) {
    case "set-status":
      return changed(
        await setInquiryStatus(db, {
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
      if (sent === "not-found") return "not-found";
      // Sent: the draft it was written in is done with.
      await discardReplyDraft(db, { inquiryId: action.id, adminId: actor.id });
      return "done";
    }
    case "mark-replied":
      return changed(
        await markRepliedOutside(db, { inquiryId: action.id, actorId: actor.id, channel: action.channel }),
      );
    case "confirm-message":
      return (await confirmHeldMessage(db, {
        inquiryId: action.id,
        messageId: action.messageId,
        adminId: actor.id,
      }))
        ? "done"
        : "unchanged";
  }
}

/** Where the inquiry page goes after one of its own changes, and what it says. */
export function inquiryPageOutcome(action: InquiryPageAction): { to: string; title: string } {
  const page = href("/dashboard/inquiries/:id", { id: action.id });
  switch (action.intent) {
    case "mark-read":
      return { to: page, title: "Marked as read" };
    case "mark-unread":
      // Reopening the page would mark it read again: it stays unread until the admin opens it anew.
      return { to: `${page}?keep=unread`, title: "Marked as unread" };
    case "mark-spam":
      return { to: page, title: "Marked as spam" };
    case "mark-not-spam":
      return { to: page, title: "Moved back to the inbox" };
    case "save-notes":
      return { to: page, title: "Notes saved" };
    case "delete":
      return { to: href("/dashboard"), title: "Inquiry deleted" };
  }
}
