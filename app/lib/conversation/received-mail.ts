import type { Db } from "~/lib/db/db.server";

/**
 * One message as fetched from a team mailbox and parsed: what the fetcher
 * hands to the filer. The fetcher knows mailboxes, UIDs and MIME; the filer
 * knows inquiries, threading and the desk.
 */
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
  /** The Date header, when present and parseable. */
  date: Date | null;
  /** Every header, names lower-cased, values unfolded; repeated headers joined with "\n". */
  headers: Record<string, string>;
  attachments: ReceivedAttachment[];
  /** The whole message's size in bytes. */
  size: number;
}

export interface ReceivedAttachment {
  filename: string;
  contentType: string;
  size: number;
  /** Null when the fetcher already dropped it for being over the per-file or per-message limit. */
  content: Uint8Array | null;
}

/**
 * Files one message in the fetcher's transaction, which also advances the
 * mailbox cursor past it: either both happen or neither. Filing the same
 * message twice (another folder, another instance) must be a no-op.
 */
export type FileReceivedMail = (tx: Db, mail: ReceivedMail) => Promise<void>;
