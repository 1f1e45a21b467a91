/**
 * What one received e-mail may cost, for the fetcher, the parser, the search trigger and the docs.
 * A message over a limit on reading it (size, depth, headers, parse time) is set aside as "not
 * filed" for an admin; one over a limit on what is kept is filed with what fits, marked as cut.
 */
export const receivedMailLimits = {
  /** Largest message fetched at all, in bytes (40 MB); a larger one is not filed, never loaded whole. */
  messageBytes: 40 * 1024 * 1024,
  /** Deepest nesting of MIME parts read. */
  mimeDepth: 32,
  /** Most header bytes across every part (1 MB: a part's headers take some 150 bytes). */
  headerBytes: 1024 * 1024,
  /** Longest a parse may run before the message is set aside, in ms. */
  parseMs: 60_000,
  /** Most HTML converted to text for an HTML-only message, in characters. */
  htmlChars: 1024 * 1024,
  /** Most body text stored, in characters (256 KB); the rest is dropped with a note saying so. */
  storedBodyChars: 256 * 1024,
  /** Most attachments listed per message; the others are neither kept nor listed, and the body says how many. */
  attachmentsPerMessage: 100,
  /** Longest Message-ID believed, in characters (RFC 5322 lines hold 998); a longer one is dropped. */
  messageIdChars: 255,
  /** Most ids taken from References, the newest (RFC 5322 lets a sender trim the oldest). */
  references: 50,
  /** Of each stored message or reply, the first this many characters are searched (16 KB)… */
  searchedBodyChars: 16 * 1024,
  /** …and of one inquiry's mail, the newest this many characters in all (128 KB). */
  searchedMailChars: 128 * 1024,
  /** A filing that fails this many times in a row (not for a reason in the data) is set aside. */
  filingAttempts: 3,
} as const;

export type ReceivedMailLimits = { readonly [Key in keyof typeof receivedMailLimits]: number };
