import { company } from "~/content/company";
import { findReplyTemplate, REPLY_PLACEHOLDER } from "~/content/reply-templates";

export interface ReplyDraft {
  subject: string;
  body: string;
}

/**
 * What the composer opens with: a greeting, the inquiry's reference, the
 * chosen template (or a space to write) and a signature. Pure, so the card
 * can build it with or without JavaScript.
 */
export function draftReply(options: {
  name: string;
  reference: string;
  senderName: string;
  templateId?: string;
}): ReplyDraft {
  const template = options.templateId ? findReplyTemplate(options.templateId) : undefined;
  const firstName = options.name.trim().split(/\s+/)[0] ?? "";
  return {
    subject: `Your inquiry ${options.reference} – ${company.brandName}`,
    body: [
      `Dear ${firstName || "Sir or Madam"},`,
      "",
      template?.body ?? "[[Your reply]]",
      "",
      `Your reference: ${options.reference}. Please quote it if you write to us.`,
      "",
      "Kind regards,",
      options.senderName,
      company.brandName,
      company.phone.display,
    ].join("\n"),
  };
}

/** A draft still holding a `[[…]]` placeholder is not ready to send. */
export function hasPlaceholder(text: string): boolean {
  return REPLY_PLACEHOLDER.test(text);
}
