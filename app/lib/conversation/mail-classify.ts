import crypto from "node:crypto";
import type { ReceivedMail } from "~/lib/conversation/received-mail";

/** The message's identity across mailboxes and instances: its Message-ID, or else a hash of its headers. */
export function messageKeyOf(mail: ReceivedMail): string {
  if (mail.messageId) return `id:${mail.messageId.trim().toLowerCase()}`;
  const headers = Object.keys(mail.headers)
    .sort()
    .map((name) => [name, mail.headers[name]]);
  return `sha256:${crypto.createHash("sha256").update(JSON.stringify(headers)).digest("hex")}`;
}

/** A DSN: multipart/report with report-type delivery-status (RFC 3464). */
export function isDeliveryReport(headers: Record<string, string>): boolean {
  const type = (headers["content-type"] ?? "").toLowerCase();
  return type.includes("multipart/report") && /report-type\s*=\s*"?delivery-status/.test(type);
}

/** RFC 3834: mail sent by a program, never to be answered; also vendors' out-of-office marks. */
export function isAutomatic(headers: Record<string, string>): boolean {
  const autoSubmitted = headers["auto-submitted"]?.trim().toLowerCase();
  if (autoSubmitted && autoSubmitted !== "no") return true;
  const precedence = headers["precedence"]?.trim().toLowerCase();
  if (precedence && ["bulk", "list", "junk", "auto_reply"].includes(precedence)) return true;
  if (headers["list-id"] !== undefined) return true;
  const returnPath = headers["return-path"];
  if (returnPath !== undefined && returnPath.replace(/[<>\s]/g, "") === "") return true;
  if (headers["x-autoreply"] !== undefined || headers["x-autorespond"] !== undefined) return true;
  return isDeliveryReport(headers);
}

const REFERENCE_IN_TEXT = /\bVM-([0-9A-F]{8})\b/i;

/** The inquiry reference's id prefix (8 hex digits, lower case) in a subject, if any. */
export function referenceIdPrefix(subject: string): string | null {
  return REFERENCE_IN_TEXT.exec(subject)?.[1]?.toLowerCase() ?? null;
}

/** Every Message-ID-like token (`<local@domain>`) in a text, without brackets. */
export function messageIdsIn(text: string): string[] {
  return [...text.matchAll(/<([^<>\s@]+@[^<>\s]+)>/g)].map((match) => match[1]!);
}

/** The address in a header value like `Name <addr@host>` or `addr@host`, lower-cased. */
export function addressOf(value: string): string {
  const bracketed = /<([^<>]+)>/.exec(value);
  return (bracketed?.[1] ?? value).trim().toLowerCase();
}
