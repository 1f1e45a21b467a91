/**
 * The inbox's CSV export, with a CSV writer of its own (csvCell, csvRow).
 * Why not csv-stringify: RFC 4180 quoting is three lines here, and the part
 * that matters, formula neutralisation, csv-stringify does only in part: its
 * `escape_formulas` prefixes a cell that starts with = + - @ TAB or CR, but
 * not one where a guessed separator (; TAB |) puts a formula character at
 * the start of a new cell. That rule would stay ours
 * in a `cast.string` hook, and quoting the cells it prefixes would need
 * `quoted_match` with the same pattern: the library would wrap our rule
 * rather than replace it. The export already streams in batches of rows
 * (streamInquiriesCsv), so its stream API brings nothing.
 * csv.server.test.ts holds the injection cases.
 */
import { deskLabel } from "~/content/desk-labels";
import type { InboxQuery } from "~/forms/inbox";
import type { Db } from "~/lib/db/db.server";
import { type Inquiry, iterateInquiries } from "~/lib/inquiries/inquiries.server";
import { formatInquiryReference } from "~/lib/inquiries/inquiry";

/** Excel and LibreOffice detect UTF-8 only with a byte-order mark. */
export const CSV_BOM = "\uFEFF";

/**
 * One CSV field. Spreadsheets run a cell starting with = + - @ (or a tab or
 * carriage return, which some strip first) as a formula, so such a cell is
 * prefixed with an apostrophe: a visitor's message must never execute on an
 * admin's machine.
 */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? "";
  // A spreadsheet that splits at ; TAB or | (a guessed separator) would start
  // a new cell there: a formula character after one is a formula too. Such a
  // cell is prefixed and quoted, so it stays one inert cell.
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

function interestLabel(value: string | null): string | null {
  return value === null ? null : deskLabel.interest(value);
}

function dealSizeLabel(value: string | null): string | null {
  return value === null ? null : deskLabel.dealSize(value);
}

function inquiryCsvValues(item: Inquiry): (string | null)[] {
  return [
    item.createdAt.toISOString(),
    item.name,
    item.company,
    item.email,
    item.phone,
    item.whatsapp,
    interestLabel(item.interest),
    dealSizeLabel(item.dealSize),
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
  // "mine" is the viewer's inquiries.
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
