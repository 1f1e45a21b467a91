/**
 * A CSV writer of its own rather than csv-stringify: its `escape_formulas` misses a formula character put
 * at the start of a new cell by a guessed separator (; TAB |), so our rule would stay anyway.
 */
import { deskLabel } from "~/content/desk-labels";
import type { InboxQuery } from "~/forms/inbox";
import type { Db } from "~/lib/db/db.server";
import { type Inquiry, iterateInquiries } from "~/lib/inquiries/inquiries.server";
import { formatInquiryReference } from "~/lib/inquiries/inquiry";

/** Excel and LibreOffice detect UTF-8 only with a byte-order mark. */
export const CSV_BOM = "\uFEFF";

/**
 * Spreadsheets run a cell starting with = + - @ (or a tab or carriage return, which some strip first) as
 * a formula, so such a cell is prefixed with an apostrophe: a visitor's message must never execute on an
 * admin's machine.
 */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? "";
  // A formula character after a guessed separator starts a cell too: prefixed and quoted, it stays one inert cell.
  const formulaAfterSeparator = /[;\t|]\s*[=+\-@]/.test(text);
  if (formulaAfterSeparator || /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return formulaAfterSeparator || /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: readonly (string | null | undefined)[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

export const INQUIRY_CSV_HEADER = [
  "Received",
  "Name",
  "Company",
  "Email",
  "Phone",
  "WhatsApp",
  "Interest",
  "Deal size",
  "Message",
  "Status",
  "Read at",
  "Read by",
  "Spam",
  "Admin notes",
  "Notes updated at",
  "Notes updated by",
  "Lead status",
  "Lost reason",
  "Assigned to",
  "First replied at",
  // Appended, so a sheet that reads the columns above by position still works.
  "Reference",
  "First reply after (hours)",
] as const;

const HOUR_MS = 60 * 60 * 1000;

/** How long the sender waited for the first reply, in hours to one decimal; empty while unanswered. */
function firstReplyHours(item: Inquiry): string | null {
  if (!item.firstRepliedAt) return null;
  return (Math.max(0, item.firstRepliedAt.getTime() - item.createdAt.getTime()) / HOUR_MS).toFixed(1);
}

function inquiryCsvValues(item: Inquiry): (string | null)[] {
  return [
    item.createdAt.toISOString(),
    item.name,
    item.company,
    item.email,
    item.phone,
    item.whatsapp,
    item.interest === null ? null : deskLabel.interest(item.interest),
    item.dealSize === null ? null : deskLabel.dealSize(item.dealSize),
    item.message,
    item.readAt ? "Read" : "Unread",
    item.readAt?.toISOString() ?? null,
    item.readByName,
    item.held ? "Held for review" : item.isSpam ? "Yes" : "No",
    item.adminNotes,
    item.notesUpdatedAt?.toISOString() ?? null,
    item.notesUpdatedByName,
    deskLabel.leadStatus(item.status),
    item.lostReason,
    item.assignedToName,
    item.firstRepliedAt?.toISOString() ?? null,
    formatInquiryReference(item.id),
    firstReplyHours(item),
  ];
}

/** The whole view as CSV, streamed in batches so a large inbox never sits in memory at once. */
export function streamInquiriesCsv(db: Db, query: InboxQuery, viewerId?: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const rows = iterateInquiries(db, query, undefined, viewerId);
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(CSV_BOM + csvRow(INQUIRY_CSV_HEADER)));
      }
      let chunk = "";
      for (let i = 0; i < 200; i++) {
        const next = await rows.next();
        if (next.done) {
          if (chunk) controller.enqueue(encoder.encode(chunk));
          controller.close();
          return;
        }
        chunk += csvRow(inquiryCsvValues(next.value));
      }
      controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
}
