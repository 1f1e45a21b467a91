import { z } from "zod";

/**
 * What a one-line field (a name, a company, an address, a phone number) may
 * not hold, removed before it is checked and stored: line breaks (a stored
 * name with one can forge lines in a mail, a log or a CSV) and the bidi
 * controls U+202A–U+202E and U+2066–U+2069 (which reorder what an admin
 * reads, e.g. to disguise an address), with the invisible marks that do the
 * same or hide characters (U+061C, U+200B, U+200E–U+200F, U+2060–U+2064,
 * U+FEFF). NUL and the other C0 controls too: Postgres refuses NUL, and the
 * rest draw nothing a reader can see. The zero-width joiners U+200C/U+200D
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
