/**
 * What the build and the server agree on about precompressed static files:
 * which files get `.br` and `.gz` variants beside them, where the build
 * records the origin it prerendered with, and which variant a request takes.
 */

/** Written by scripts/finish-build.ts into the build directory (not the public client directory). */
export const BUILD_INFO_FILE = "build-info.json";

export interface BuildInfo {
  /** SITE_URL during prerendering: the origin baked into the prerendered pages. */
  prerenderOrigin: string;
}

/** Text formats; images here are SVG (text) or already compressed. */
const COMPRESSIBLE = /\.(?:html|data|js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;

export function isCompressible(file: string): boolean {
  return COMPRESSIBLE.test(file);
}

export type Encoding = "br" | "gzip" | "identity";

const chosen = new Map<string, Encoding>();

/**
 * The best encoding the request's Accept-Encoding allows (RFC 9110 §12.5.3):
 * brotli, then gzip, else the bytes as they are. Browsers send a handful of
 * distinct headers, so answers are remembered (bounded).
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  const known = chosen.get(acceptEncoding);
  if (known) return known;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => weights.get(name) ?? weights.get("*") ?? 0;
  const [br, gzip] = [weight("br"), weight("gzip")];
  const encoding: Encoding = br > 0 && br >= gzip ? "br" : gzip > 0 ? "gzip" : "identity";
  if (chosen.size < 256) chosen.set(acceptEncoding, encoding);
  return encoding;
}
