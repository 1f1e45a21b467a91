/** Where catalogue photos are served (by express.static and by nginx, deploy/nginx/volta-meridian.conf). */
export const PHOTO_URL_PREFIX = "/catalogue-photos";

export const PHOTO_FORMATS = ["avif", "webp", "jpg"] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/** A photo as the pages show it: the renditions' key and widths, its size, its text for screen readers. */
export interface PhotoView {
  id: string;
  key: string;
  widths: number[];
  width: number;
  height: number;
  alt: string;
}

/** A rendition's file name: ours alone, so nothing a sender chose reaches a path. */
export function renditionName(key: string, width: number, format: PhotoFormat): string {
  if (!/^[0-9a-f]{32}$/.test(key) || !Number.isInteger(width)) throw new Error("not a rendition");
  return `${key}-${width}.${format}`;
}

export function srcSetOf(photo: Pick<PhotoView, "key" | "widths">, format: PhotoFormat): string {
  return photo.widths
    .map((width) => `${PHOTO_URL_PREFIX}/${renditionName(photo.key, width, format)} ${width}w`)
    .join(", ");
}

/** The largest JPEG: what every browser shows, and what structured data names. */
export function fallbackSrcOf(photo: Pick<PhotoView, "key" | "widths">): string {
  return `${PHOTO_URL_PREFIX}/${renditionName(photo.key, photo.widths.at(-1)!, "jpg")}`;
}
