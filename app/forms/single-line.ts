/**
 * What a one-line field (a name, a company, an address, a phone number) may
 * not hold, removed before it is checked and stored: line breaks (a stored
 * name with one can forge lines in a mail, a log or a CSV) and the bidi
 * controls U+202A–U+202E and U+2066–U+2069 (which reorder what an admin
 * reads, e.g. to disguise an address). NUL too, which Postgres refuses.
 */
const LINE_BREAKS = /[\r\n\u2028\u2029]+/g;
// eslint-disable-next-line no-control-regex
const INVISIBLE_CONTROLS = /[\u0000\u202a-\u202e\u2066-\u2069]/g;

export function stripSingleLineControls(value: string): string {
  return value.replace(INVISIBLE_CONTROLS, "").replace(LINE_BREAKS, " ");
}

/** For multi-line text (a message): only NUL goes. */
export function stripNul(value: string): string {
  return value.replaceAll("\u0000", "");
}
