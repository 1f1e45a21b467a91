/**
 * How much of a received e-mail's attachments is kept: the one source for
 * the mailbox fetcher (app/lib/conversation/) and the privacy notice. An
 * attachment over the per-file limit, or one that would take a message's
 * kept attachments over the per-message total, is listed by name and size
 * but its content is never stored.
 */
export const attachmentLimits = {
  /** Largest attachment kept, in bytes (10 MB). */
  perFileBytes: 10 * 1024 * 1024,
  /** Most attachment content kept from one message, in bytes (25 MB). */
  perMessageBytes: 25 * 1024 * 1024,
} as const;

export type AttachmentLimits = { readonly [Key in keyof typeof attachmentLimits]: number };
