import type { Address, Attachment } from "postal-mime";
import { type AttachmentLimits, attachmentLimits } from "~/content/attachment-limits";
import { type ReceivedMailLimits, receivedMailLimits } from "~/content/received-mail-limits";
import { stripSingleLineControls, stripTextControls } from "~/forms/single-line";
import { parseInWorker } from "~/lib/conversation/mail-parse-worker.server";
import type { ReceivedAttachment, ReceivedMail } from "~/lib/conversation/received-mail";

/** Every id in a References or In-Reply-To value, in order; one over the limit would not fit an index row. */
function messageIds(value: string | undefined, limits: ReceivedMailLimits): string[] {
  if (!value) return [];
  const clean = stripSingleLineControls(value.slice(0, 64 * 1024));
  const bracketed = [...clean.matchAll(/<([^<>\s]+)>/g)].map((match) => match[1]!);
  // Some senders leave the brackets out.
  const ids = bracketed.length > 0 ? bracketed : clean.split(/\s+/).filter((id) => id.includes("@"));
  return ids.filter((id) => id.length <= limits.messageIdChars);
}

const line = (value: string) => stripSingleLineControls(value).trim();

function addresses(list: Address[] | undefined): string[] {
  return (list ?? [])
    .flatMap((entry) => (entry.group ? entry.group.map((member) => member.address) : [entry.address]))
    .map(line);
}

function firstMailbox(address: Address | undefined): { address: string; name: string | null } {
  const mailbox = address?.group ? address.group[0] : address;
  return { address: line(mailbox?.address ?? ""), name: line(mailbox?.name ?? "") || null };
}

function parseDate(value: string | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function contentBytes(content: Attachment["content"]): Uint8Array {
  if (typeof content === "string") return new TextEncoder().encode(content);
  return content instanceof Uint8Array ? content : new Uint8Array(content);
}

/** Attachments over the per-file limit or past the per-message total are handed on without content. */
function limitAttachments(attachments: Attachment[], limits: AttachmentLimits): ReceivedAttachment[] {
  let kept = 0;
  return attachments.map((attachment, index) => {
    const bytes = contentBytes(attachment.content);
    const fits = bytes.byteLength <= limits.perFileBytes && kept + bytes.byteLength <= limits.perMessageBytes;
    if (fits) kept += bytes.byteLength;
    return {
      filename: line(attachment.filename ?? "") || `attachment-${index + 1}`,
      contentType: line(attachment.mimeType ?? "") || "application/octet-stream",
      size: bytes.byteLength,
      content: fits ? bytes : null,
    };
  });
}

/** The body as stored: controls out, cut at the limit with a note that says what was left out. */
function bodyText(
  parsed: { text: string; textChars: number; attachmentCount: number },
  limits: ReceivedMailLimits,
): string {
  const notes: string[] = [];
  let text = parsed.text;
  if (parsed.textChars > limits.storedBodyChars) {
    text = text.slice(0, limits.storedBodyChars);
    notes.push(
      `[The rest of this message was not kept: the desk keeps the first ${limits.storedBodyChars.toLocaleString("en-GB")} characters of a message, and it had ${parsed.textChars.toLocaleString("en-GB")}.]`,
    );
  }
  const unlisted = parsed.attachmentCount - limits.attachmentsPerMessage;
  if (unlisted > 0) {
    notes.push(
      `[${unlisted.toLocaleString("en-GB")} more attachments were neither kept nor listed: the desk lists the first ${limits.attachmentsPerMessage} of a message.]`,
    );
  }
  return [stripTextControls(text), ...notes].join("\n\n");
}

/**
 * One raw RFC 5322 message as the filer receives it: headers unfolded (a
 * repeated one joined with "\n"), ids without brackets, the text body (an
 * HTML-only message converted to text; markup is never handed on), and
 * attachments within the limits of app/content/attachment-limits.ts. Every
 * text taken from the mail loses the invisible controls the contact form
 * strips, and what is kept is within app/content/received-mail-limits.ts.
 * Rejects with an UnreadableMailError for a message that cannot be read.
 */
export async function parseReceivedMail(
  raw: Uint8Array,
  mailbox: string,
  limits: AttachmentLimits = attachmentLimits,
  mailLimits: ReceivedMailLimits = receivedMailLimits,
): Promise<ReceivedMail> {
  const parsed = await parseInWorker(raw, mailLimits);
  const email = parsed.email;
  const headers: Record<string, string> = {};
  for (const { key, value } of email.headers) {
    const clean = stripSingleLineControls(value);
    headers[key] = key in headers ? `${headers[key]}\n${clean}` : clean;
  }
  return {
    mailbox,
    messageId: messageIds(email.messageId, mailLimits)[0] ?? null,
    inReplyTo: messageIds(email.inReplyTo, mailLimits)[0] ?? null,
    references: messageIds(email.references, mailLimits).slice(-mailLimits.references),
    from: firstMailbox(email.from ?? email.sender),
    to: addresses(email.to),
    cc: addresses(email.cc),
    subject: line(email.subject ?? "").slice(0, 998),
    text: bodyText(parsed, mailLimits),
    date: parseDate(email.date),
    headers,
    attachments: limitAttachments(email.attachments, limits),
    size: raw.byteLength,
  };
}
