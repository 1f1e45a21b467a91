/**
 * The UK Sanctions List as the desk reads it (decisions 084 and 085): what an
 * imported file may cost, how close a name must come to be a candidate, and
 * what the desk tells an admin to do about a confirmed match. The import,
 * the screening, the settings' defaults and the desk's text all read this.
 */
export const sanctionsListLimits = {
  /** Largest file read, in bytes (64 MB; the FCDO's XML was about 21 MB in 2026). */
  fileBytes: 64 * 1024 * 1024,
  /** Deepest element nesting read; the list's own is 6. */
  depth: 16,
  /** Most designations in one file (the list held about 4,000 in 2026). */
  entries: 100_000,
  /** Most names of one designation (primary, variations, aliases, non-Latin script). */
  namesPerEntry: 500,
  /** Longest text of one element, in characters. */
  textChars: 64 * 1024,
  /**
   * A new version with fewer than this share of the current one's entries is
   * refused as truncated: the list grows and shrinks by a few entries a week.
   */
  smallestShareOfCurrent: 0.5,
} as const;

/** When SANCTIONS_LIST_URL is fetched (UTC): every six hours, the list changing on any working day. */
export const SANCTIONS_LIST_FETCH_CRON = "17 */6 * * *";

/**
 * The trigram similarity (0 to 1) of two normalised names at which a list
 * name is a candidate, unless SANCTIONS_MATCH_THRESHOLD says otherwise.
 * Reordered names, names without diacritics and aliases score 1.
 */
export const DEFAULT_MATCH_THRESHOLD = 0.7;

/** Inquiries screened per statement when a new version re-screens all of them. */
export const RESCREEN_BATCH = 500;
/** What the desk says to do after a confirmed match. */
export const confirmedMatchSteps = [
  "Do not reply, send a template, a KYC link or anything else to this lead, and do not deal with them: funds and economic resources of a designated person are frozen.",
  "Report it to OFSI (HM Treasury's Office of Financial Sanctions Implementation) as soon as practicable, through its online forms (suspected breach, designated person or frozen assets) linked from its guidance ‘Reporting information to OFSI’, or by e-mail to ofsi@hmtreasury.gov.uk, with what you know of the person and any funds or economic resources you hold for them.",
  "Keep the inquiry and this decision: do not erase them while the report may be needed.",
] as const;

export const OFSI_REPORTING_URL =
  "https://www.gov.uk/guidance/suspected-breach-of-financial-sanctions-what-to-do";

/** Longest reason an admin gives for a decision, in characters. */
export const SANCTIONS_REASON_MAX_LENGTH = 2000;
