import fs from "node:fs";
import path from "node:path";
import type { Env } from "~/lib/env.server";

/** Where the renditions are kept; served as they are at PHOTO_URL_PREFIX (photo-urls.ts), by the app and by nginx. */
export function photosDir(env: Pick<Env, "DATA_DIR" | "CATALOGUE_PHOTOS_DIR">): string {
  return path.resolve(env.CATALOGUE_PHOTOS_DIR ?? path.join(env.DATA_DIR, "catalogue-photos"));
}

/** renditionName's shape (photo-urls.ts): only names the server writes are backed up or restored. */
const RENDITION = /^[0-9a-f]{32}-\d+\.(avif|webp|jpg)$/;

/** Every rendition in `dir`. */
export function storedPhotos(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((name) => RENDITION.test(name));
}

/**
 * Copies `names` from `from` into `to` (made if missing), leaving a file already there: a name is its content's
 * hash, so one there is the same photo. Copied, not moved, because the two may be on different disks.
 */
export function copyPhotos(from: string, to: string, names: readonly string[]): number {
  fs.mkdirSync(to, { recursive: true });
  let copied = 0;
  for (const name of names) {
    if (!RENDITION.test(name) || fs.existsSync(path.join(to, name))) continue;
    if (!fs.lstatSync(path.join(from, name)).isFile()) continue;
    fs.copyFileSync(path.join(from, name), path.join(to, name));
    copied++;
  }
  return copied;
}
