import type { DraftAction } from "~/forms/reply-templates";
import type { Db } from "~/lib/db/db.server";
import { getInquiry } from "~/lib/inquiries/inquiries.server";
import { formatInquiryReference } from "~/lib/inquiries/inquiry";
import {
  draftClosing,
  draftReply,
  fillPlaceholders,
  mergeIntoDraft,
  placeholderValues,
} from "~/lib/inquiries/reply-text";
import { discardReplyDraft, saveReplyDraft, getReplyTemplate } from "~/lib/inquiries/replies.server";

export type DraftOutcome = "saved" | "inserted" | "discarded" | "not-found" | "no-template";

/** A template is merged into the text as posted (no cursor without JavaScript); the subject changes only while fresh. */
export async function applyDraftAction(
  db: Db,
  action: DraftAction,
  actor: { id: string; name: string },
): Promise<DraftOutcome> {
  const key = { inquiryId: action.id, adminId: actor.id };
  switch (action.intent) {
    case "discard-draft":
      await discardReplyDraft(db, key);
      return "discarded";
    case "save-draft":
      return saveReplyDraft(db, { ...key, subject: action.subject, body: action.body });
    case "insert-template": {
      const [item, template] = await Promise.all([
        getInquiry(db, action.id),
        getReplyTemplate(db, action.template),
      ]);
      if (!item) return "not-found";
      if (!template) {
        // What was typed is kept all the same.
        const saved = await saveReplyDraft(db, { ...key, subject: action.subject, body: action.body });
        return saved === "saved" ? "no-template" : saved;
      }
      const reference = formatInquiryReference(item.id);
      const values = placeholderValues({ ...item, reference, senderName: actor.name });
      const fresh = draftReply({ name: item.name, reference, senderName: actor.name });
      const subject =
        action.subject.trim() === "" || action.subject.trim() === fresh.subject
          ? fillPlaceholders(template.subject, values)
          : action.subject;
      const body = mergeIntoDraft(
        action.body,
        fillPlaceholders(template.body, values),
        draftClosing({ reference, senderName: actor.name }),
      );
      const saved = await saveReplyDraft(db, { ...key, subject, body });
      return saved === "saved" ? "inserted" : saved;
    }
  }
}
