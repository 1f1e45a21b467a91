/** How much of a received e-mail's attachments is kept; one over a limit is listed, never stored. */
export const attachmentLimits = {
  /** Largest attachment kept, in bytes (10 MB). */
  perFileBytes: 10 * 1024 * 1024,
  /** Most attachment content kept from one message, in bytes (25 MB). */
  perMessageBytes: 25 * 1024 * 1024,
} as const;

export type AttachmentLimits = { readonly [Key in keyof typeof attachmentLimits]: number };
