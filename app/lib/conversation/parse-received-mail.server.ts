import { convert } from "html-to-text";
import PostalMime, { type Address, type Attachment } from "postal-mime";
import { type AttachmentLimits, attachmentLimits } from "~/content/attachment-limits";
import type { ReceivedAttachment, ReceivedMail } from "./received-mail";

/** `<a@b>` → `a@b`; every id in a References or In-Reply-To value, in order. */
function messageIds(value: string | undefined): string[] {
  if (!value) return [];
  const bracketed = [...value.matchAll(/<([^<>\s]+)>/g)].map((match) => match[1]!);
  if (bracketed.length > 0) return bracketed;
  // Some senders leave the brackets out.
  return value.split(/\s+/).filter((id) => id.includes("@"));
}

function addresses(list: Address[] | undefined): string[] {
  return (list ?? []).flatMap((entry) =>
    entry.group ? entry.group.map((member) => member.address) : [entry.address],
  );
}

function firstMailbox(address: Address | undefined): { address: string; name: string | null } {
  const mailbox = address?.group ? address.group[0] : address;
  return { address: mailbox?.address ?? "", name: mailbox?.name || null };
}

function parseDate(value: string | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The text of an HTML-only message: no images (nothing remote is ever
 * fetched), link targets kept in brackets so a disguised link shows.
 */
function htmlAsText(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: "img", format: "skip" },
      { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
    ],
  });
}

function contentBytes(content: Attachment["content"]): Uint8Array {
  if (typeof content === "string") return new TextEncoder().encode(content);
  return content instanceof Uint8Array ? content : new Uint8Array(content);
}

/**
 * Keeps attachments in the order they come while they fit: one over the
 * per-file limit, or one that would take the message's kept total over the
 * per-message limit, is handed on with its name and size but no content.
 */
function limitAttachments(attachments: Attachment[], limits: AttachmentLimits): ReceivedAttachment[] {
  let kept = 0;
  return attachments.map((attachment, index) => {
    const bytes = contentBytes(attachment.content);
    const fits = bytes.byteLength <= limits.perFileBytes && kept + bytes.byteLength <= limits.perMessageBytes;
    if (fits) kept += bytes.byteLength;
    return {
      filename: attachment.filename || `attachment-${index + 1}`,
      contentType: attachment.mimeType || "application/octet-stream",
      size: bytes.byteLength,
      content: fits ? bytes : null,
    };
  });
}

/**
 * One raw RFC 5322 message as the filer receives it: headers unfolded (a
 * repeated one joined with "\n"), ids without brackets, the text body (an
 * HTML-only message converted to text; markup is never handed on), and
 * attachments within the limits of app/content/attachment-limits.ts.
 */
export async function parseReceivedMail(
  raw: Uint8Array,
  mailbox: string,
  limits: AttachmentLimits = attachmentLimits,
): Promise<ReceivedMail> {
  const email = await PostalMime.parse(raw, { attachmentEncoding: "arraybuffer", rfc822Attachments: true });
  const headers: Record<string, string> = {};
  for (const { key, value } of email.headers) {
    headers[key] = key in headers ? `${headers[key]}\n${value}` : value;
  }
  return {
    mailbox,
    messageId: messageIds(email.messageId)[0] ?? null,
    inReplyTo: messageIds(email.inReplyTo)[0] ?? null,
    references: messageIds(email.references),
    from: firstMailbox(email.from ?? email.sender),
    to: addresses(email.to),
    cc: addresses(email.cc),
    subject: email.subject ?? "",
    text: email.text ?? (email.html ? htmlAsText(email.html) : ""),
    date: parseDate(email.date),
    headers,
    attachments: limitAttachments(email.attachments, limits),
    size: raw.byteLength,
  };
}
