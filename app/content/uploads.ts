/**
 * The limits and formats of files people send us, for the upload pipeline and the pages that state them
 * (docs/decisions/089-one-upload-pipeline.md). No environment overrides: the pages that state them are
 * prerendered.
 */
export const uploadLimits = {
  /** One file; a larger one is cut off at this size and refused. */
  maxFileBytes: 20 * 1024 * 1024,
  /** Everything stored for one inquiry, refused files not counted. */
  maxInquiryBytes: 200 * 1024 * 1024,
} as const;

/** Formats recognised from a file's first bytes, never from its name or the browser's word. */
export const uploadFormats = {
  pdf: { mime: "application/pdf", label: "PDF" },
  jpeg: { mime: "image/jpeg", label: "JPEG photo" },
  png: { mime: "image/png", label: "PNG image" },
  heic: { mime: "image/heic", label: "HEIC photo (iPhone)" },
} as const;

export type UploadFormat = keyof typeof uploadFormats;
