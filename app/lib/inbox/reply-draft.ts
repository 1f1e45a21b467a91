import { company } from "~/content/company";
import { REPLY_PLACEHOLDER } from "~/content/reply-templates";
import { YOUR_REPLY_MARK } from "./reply-template-text";

interface ReplyDraft {
  subject: string;
  body: string;
}

/** The end of every fresh draft: the reference to quote, and the signature. */
export function draftClosing(options: { reference: string; senderName: string }): string {
  return [
    `Your reference: ${options.reference}. Please quote it if you write to us.`,
    "",
    "Kind regards,",
    options.senderName,
    company.brandName,
    company.phone.display,
  ].join("\n");
}

/**
 * What the composer opens with: a greeting, the inquiry's reference, a
 * template's text (or a space to write) and a signature. Pure, so the card
 * can build it with or without JavaScript.
 */
export function draftReply(options: {
  name: string;
  reference: string;
  senderName: string;
  /** A template's text, its placeholders already filled in. */
  templateBody?: string;
}): ReplyDraft {
  const firstName = options.name.trim().split(/\s+/)[0] ?? "";
  return {
    subject: `Your inquiry ${options.reference} – ${company.brandName}`,
    body: [
      `Dear ${firstName || "Sir or Madam"},`,
      "",
      options.templateBody ?? YOUR_REPLY_MARK,
      "",
      draftClosing(options),
    ].join("\n"),
  };
}

/** A draft still holding a `[[…]]` placeholder is not ready to send. */
export function hasPlaceholder(text: string): boolean {
  return REPLY_PLACEHOLDER.test(text);
}
