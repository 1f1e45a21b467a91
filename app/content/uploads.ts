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
  webp: { mime: "image/webp", label: "WebP image" },
} as const;

export type UploadFormat = keyof typeof uploadFormats;

/**
 * Catalogue photos (docs/decisions/098-catalogue-photos-public-re-encoded-renditions.md): what an admin may upload,
 * the pixel cap checked from the header before any pixel is decoded, and the renditions' widths.
 */
export const cataloguePhotoLimits = {
  formats: ["jpeg", "png", "webp"] as const satisfies readonly UploadFormat[],
  /** 40 megapixels: any camera's photo; a decompression bomb of 20,000 × 20,000 is refused unread. */
  maxInputPixels: 40_000_000,
  /** Widths of the renditions, never larger than the photo itself. */
  widths: [480, 960, 1600] as const,
  /** Photos one item may have. */
  maxPerItem: 12,
  altMaxLength: 200,
} as const;
