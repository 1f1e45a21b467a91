import { href } from "react-router";
import type { InquiryPageAction } from "~/forms/inquiry-page";
import type { InquiryAction } from "~/forms/inquiry-desk";
import { INBOX_ACTION_DONE } from "~/forms/inbox";
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
import { draftReply, fillPlaceholders, placeholderValues } from "~/lib/inquiries/reply-text";
import { listReceivedMessages } from "~/lib/conversation/conversation.server";
import { confirmHeldMessage } from "~/lib/conversation/held-messages.server";
import { loadWhatsApp } from "~/lib/whatsapp/whatsapp-conversation.server";

/**
 * Everything the inquiry page shows of one inquiry; null when it does not exist. Opening an unread
 * inquiry marks it read, unless `keepUnread`. The composer opens with the viewer's saved draft, else a
 * fresh one (holding the template of an old "?template=" link).
 */
export async function loadInquiry(
  db: Db,
  input: {
    id: string;
    viewerId: string;
    viewerName: string;
    templateId: string | null;
    keepUnread: boolean;
    whatsAppOn?: boolean;
  },
) {
  let item = await getInquiry(db, input.id);
  if (!item) return null;
  const openedAsRead = !item.readAt && !input.keepUnread;
  if (openedAsRead) {
    await markRead(db, input.id, input.viewerId);
    item = await getInquiry(db, input.id);
    if (!item) return null;
  }
  const [timeline, replies, messages, admins, templateRows, savedDraft, followUp, notesVersions, whatsapp] =
    await Promise.all([
      listTimeline(db, input.id),
      listReplies(db, input.id),
      listReceivedMessages(db, input.id),
      listAssignableAdmins(db),
      listReplyTemplates(db),
      getReplyDraft(db, { inquiryId: input.id, adminId: input.viewerId }),
      getFollowUp(db, input.id),
      listNotesVersions(db, input.id),
      loadWhatsApp(db, input.id, input.whatsAppOn ?? false),
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
    draftSavedAt: savedDraft?.updatedAt ?? null,
    followUp,
    item,
    reference,
    timeline,
    replies,
    messages,
    whatsapp,
    admins: admins.map(({ id, name }) => ({ id, name })),
    draft,
    templateId,
    notesVersions,
    openedAsRead,
  };
}

export type DeskOutcome = "done" | "unchanged" | "not-found" | "not-an-admin";

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
  const title = INBOX_ACTION_DONE[action.intent];
  if (action.intent === "delete") return { to: href("/dashboard"), title };
  // Reopening the page would mark it read again: it stays unread until the admin opens it anew.
  return { to: action.intent === "mark-unread" ? `${page}?keep=unread` : page, title };
}
