import type { Db } from "~/lib/db/db.server";

/** One message as fetched from a team mailbox and parsed: what the fetcher hands to the filer. */
export interface ReceivedMail {
  /** The mailbox and folder it was found in (the cursor's key, no password). */
  mailbox: string;
  /** The Message-ID header without angle brackets, or null when missing. */
  messageId: string | null;
  inReplyTo: string | null;
  /** Message-IDs from References, oldest first, without angle brackets. */
  references: string[];
  from: { address: string; name: string | null };
  to: string[];
  cc: string[];
  subject: string;
  /** The text body; an HTML-only message converted to text. Never markup. */
  text: string;
  date: Date | null;
  /** Every header, names lower-cased, values unfolded; repeated headers joined with "\n". */
  headers: Record<string, string>;
  attachments: ReceivedAttachment[];
  size: number;
}

export interface ReceivedAttachment {
  filename: string;
  contentType: string;
  size: number;
  /** Null when the fetcher already dropped it for being over the per-file or per-message limit. */
  content: Uint8Array | null;
}

/** Files one message in the transaction that advances the cursor; filing the same message twice is a no-op. */
export type FileReceivedMail = (tx: Db, mail: ReceivedMail) => Promise<void>;
