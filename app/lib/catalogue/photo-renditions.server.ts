import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { cataloguePhotoLimits } from "~/content/uploads";
import { PHOTO_FORMATS, type PhotoFormat, renditionName } from "~/lib/catalogue/photo-urls";

export interface Renditions {
  key: string;
  widths: number[];
  /** The largest rendition's size, upright. */
  width: number;
  height: number;
  files: { name: string; data: Buffer }[];
}

export class PhotoRefused extends Error {
  constructor(readonly problem: "pixels" | "unreadable") {
    super(`photo refused: ${problem}`);
  }
}

/**
 * Decodes the upload once, within the pixel cap (read from the header, before any pixel is decoded), turns it
 * upright by its EXIF orientation, and encodes every width in AVIF, WebP and JPEG. sharp writes no metadata unless
 * asked: no EXIF (GPS, camera, owner), no XMP, no ICC profile (pixels are converted to sRGB).
 */
export async function renderPhoto(input: Buffer): Promise<Renditions> {
  const source = () =>
    sharp(input, { limitInputPixels: cataloguePhotoLimits.maxInputPixels, failOn: "error" }).rotate();
  const encoded: { width: number; format: PhotoFormat; data: Buffer }[] = [];
  let upright = { width: 0, height: 0 };
  try {
    const metadata = await sharp(input, { limitInputPixels: false }).metadata();
    if (metadata.width * metadata.height > cataloguePhotoLimits.maxInputPixels)
      throw new PhotoRefused("pixels");
    // Orientations 5 to 8 turn the picture a quarter: its upright width is the stored height.
    const turned = (metadata.orientation ?? 1) >= 5;
    const uprightWidth = turned ? metadata.height : metadata.width;
    const widths = [
      ...new Set(cataloguePhotoLimits.widths.map((width) => Math.min(width, uprightWidth))),
    ].sort((a, b) => a - b);
    for (const width of widths) {
      const resized = () => source().resize({ width, withoutEnlargement: true });
      const jpeg = await resized().jpeg({ quality: 78, mozjpeg: true }).toBuffer({ resolveWithObject: true });
      upright = { width: jpeg.info.width, height: jpeg.info.height };
      encoded.push(
        { width, format: "avif", data: await resized().avif({ quality: 55, effort: 2 }).toBuffer() },
        { width, format: "webp", data: await resized().webp({ quality: 75 }).toBuffer() },
        { width, format: "jpg", data: jpeg.data },
      );
    }
  } catch (error) {
    if (error instanceof PhotoRefused) throw error;
    throw new PhotoRefused(/pixel limit/i.test(String(error)) ? "pixels" : "unreadable");
  }
  const widths = [...new Set(encoded.map((file) => file.width))];
  const hash = crypto.createHash("sha256");
  for (const file of encoded) hash.update(file.data);
  const key = hash.digest("hex").slice(0, 32);
  return {
    key,
    widths,
    width: upright.width,
    height: upright.height,
    files: encoded.map((file) => ({ name: renditionName(key, file.width, file.format), data: file.data })),
  };
}

/**
 * Writes the renditions into `dir`; a name that exists holds the same bytes already (it is their hash). They are
 * public, so readable by all (chmod: the service's umask would make them its own), for nginx to serve.
 */
export function writeRenditions(dir: string, renditions: Renditions): void {
  if (!fs.existsSync(dir)) {
    fs.mkdirSync(dir, { recursive: true });
    fs.chmodSync(dir, 0o755);
  }
  for (const file of renditions.files) {
    const target = path.join(dir, file.name);
    if (fs.existsSync(target)) continue;
    const temporary = `${target}.${crypto.randomUUID()}.part`;
    fs.writeFileSync(temporary, file.data);
    fs.chmodSync(temporary, 0o644);
    fs.renameSync(temporary, target);
  }
}

export function removeRenditions(dir: string, photo: { key: string; widths: readonly number[] }): void {
  for (const width of photo.widths)
    for (const format of PHOTO_FORMATS)
      fs.rmSync(path.join(dir, renditionName(photo.key, width, format)), { force: true });
}
