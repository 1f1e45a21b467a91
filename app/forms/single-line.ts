import { z } from "zod";

/**
 * Removed from a one-line field before it is checked and stored: line breaks (they can forge lines
 * in a mail, a log or a CSV), bidi controls and invisible marks (they reorder or hide what an admin
 * reads), NUL (Postgres refuses it) and the other C0 controls. The zero-width joiners U+200C/U+200D
 * stay: scripts and emoji need them.
 */
const LINE_BREAKS = /[\r\n\u2028\u2029]+/g;
const INVISIBLE_CONTROLS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

export function stripSingleLineControls(value: string): string {
  return value.replace(INVISIBLE_CONTROLS, "").replace(LINE_BREAKS, " ");
}

/** For multi-line text (a message): only NUL goes. */
export function stripNul(value: string): string {
  return value.replaceAll("\u0000", "");
}

/**
 * For multi-line text from outside that no person typed into our form (a
 * received e-mail's body): the same invisible controls go, line breaks and
 * tabs stay.
 */
export function stripTextControls(value: string): string {
  return value.replace(INVISIBLE_CONTROLS, "");
}

/** Browsers send a textarea's line breaks as CRLF: the fields store one kind. */
export const multiLine = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n") : value), schema);

/** A text that must not be blank: `message` when it is missing or empty, `tooLong` past `max`. */
export const requiredText = (message: string, max: number, tooLong = message) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong);
