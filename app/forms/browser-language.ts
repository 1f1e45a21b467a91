/** More than any browser sends; the rest of a longer header is not read. */
const MAX_HEADER_CHARS = 500;
const MAX_ENTRIES = 20;
const LANGUAGE_RANGE = /^([a-z]{2,3})(?:-[a-z0-9]{1,8})*$/i;
const QUALITY = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;

/**
 * The visitor's first language from the browser's Accept-Language header, as its primary subtag ("en-GB;q=0.9"
 * gives "en"): the entry with the highest weight, the first of equals. Only the language is kept, never the
 * region or the whole list, which would say more about the visitor than the reports need. Anything malformed,
 * "*" or an empty header gives null.
 */
export function browserLanguage(header: string | null | undefined): string | null {
  if (!header) return null;
  let best: { language: string; quality: number } | null = null;
  for (const entry of header.slice(0, MAX_HEADER_CHARS).split(",").slice(0, MAX_ENTRIES)) {
    const [range = "", ...parameters] = entry.split(";").map((part) => part.trim());
    const match = LANGUAGE_RANGE.exec(range);
    if (!match) continue;
    let quality = 1;
    for (const parameter of parameters) {
      const weight = QUALITY.exec(parameter);
      if (weight) quality = Number(weight[1]);
    }
    if (quality > 0 && (best === null || quality > best.quality))
      best = { language: match[1]!.toLowerCase(), quality };
  }
  return best?.language ?? null;
}

/** Leads with one browser language, for the reports. */
export interface LanguageCount {
  /** A primary language subtag ("en"), or null: not told (a mail, an old inquiry, no header). */
  language: string | null;
  leads: number;
}
