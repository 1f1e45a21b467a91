import { company } from "~/content/company";
import { REPLY_PLACEHOLDER } from "~/content/reply-templates";
import { REPLY_PLACEHOLDER_NAMES, type ReplyPlaceholderName } from "~/content/reply-placeholders";

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

/** What the composer opens with; pure, so the card can build it with or without JavaScript. */
export function draftReply(options: {
  name: string;
  reference: string;
  senderName: string;
  /** A template's text, its placeholders already filled in. */
  templateBody?: string;
}) {
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

/** `{{ name }}`: a named placeholder, spaces inside the braces allowed. */
const NAMED = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** What is wrong with the placeholders of a template's text, as one sentence, or null. */
export function placeholderProblem(text: string): string | null {
  const unknown = [...text.matchAll(NAMED)]
    .map((match) => match[1] ?? "")
    .filter((name) => !(REPLY_PLACEHOLDER_NAMES as string[]).includes(name));
  const known = REPLY_PLACEHOLDER_NAMES.map((name) => `{{${name}}}`).join(", ");
  if (unknown.length > 0) {
    const listed = [...new Set(unknown)].map((name) => `{{${name}}}`).join(", ");
    return `Unknown placeholder ${listed}. Use only ${known}.`;
  }
  const rest = text.replace(NAMED, "");
  if (rest.includes("{{") || rest.includes("}}")) {
    return `A placeholder is not closed: write it as {{name}}. Use only ${known}.`;
  }
  return null;
}

type PlaceholderValues = Record<ReplyPlaceholderName, string>;

export function placeholderValues(inquiry: {
  name: string;
  company: string | null;
  reference: string;
  senderName: string;
}): PlaceholderValues {
  const fullName = inquiry.name.trim();
  return {
    name: fullName.split(/\s+/)[0] ?? "",
    fullName,
    company: inquiry.company?.trim() ?? "",
    reference: inquiry.reference,
    sender: inquiry.senderName,
    brand: company.brandName,
  };
}

/** Fills every known placeholder; an unknown one (never saved) stays as written. */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(NAMED, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name as ReplyPlaceholderName] : whole,
  );
}

/** Where the composer's draft asks for the reply's own words (see draftReply). */
export const YOUR_REPLY_MARK = "[[Your reply]]";

/**
 * Merges a template's text into a draft posted without JavaScript, where the server cannot know the
 * cursor: in place of the mark, else before the closing, else after everything typed.
 */
export function mergeIntoDraft(draft: string, insert: string, closing: string): string {
  if (draft.includes(YOUR_REPLY_MARK)) return draft.replace(YOUR_REPLY_MARK, () => insert);
  const trimmed = draft.trimEnd();
  if (closing && trimmed.endsWith(closing)) {
    const before = trimmed.slice(0, trimmed.length - closing.length).trimEnd();
    return `${before}${before ? "\n\n" : ""}${insert}\n\n${closing}`;
  }
  return trimmed ? `${trimmed}\n\n${insert}` : insert;
}

/** Inserts at the cursor (the selection, if any, is replaced), as the composer does with JavaScript. */
export function insertAtCursor(
  text: string,
  insert: string,
  selection: { start: number; end: number },
): { text: string; cursor: number } {
  const start = Math.max(0, Math.min(selection.start, text.length));
  const end = Math.max(start, Math.min(selection.end, text.length));
  return { text: text.slice(0, start) + insert + text.slice(end), cursor: start + insert.length };
}

/** With JavaScript: over the selection, else in place of the mark, else at the cursor, else as mergeIntoDraft. */
export function placeTemplate(
  text: string,
  insert: string,
  options: { selection: { start: number; end: number } | null; closing: string },
): { text: string; cursor: number } {
  const { selection, closing } = options;
  if (selection && selection.end > selection.start) return insertAtCursor(text, insert, selection);
  const mark = text.indexOf(YOUR_REPLY_MARK);
  if (mark >= 0) {
    return insertAtCursor(text, insert, { start: mark, end: mark + YOUR_REPLY_MARK.length });
  }
  if (selection) return insertAtCursor(text, insert, selection);
  const merged = mergeIntoDraft(text, insert, closing);
  const at = merged.lastIndexOf(insert);
  return { text: merged, cursor: at + insert.length };
}
