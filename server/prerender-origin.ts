import fs from "node:fs";
import path from "node:path";
import { BUILD_INFO_FILE, type BuildInfo } from "./static-variants";

/**
 * The origin the build prerendered its pages with (SITE_URL at build time),
 * or undefined for a build that did not record it.
 */
export function readPrerenderOrigin(clientDir: string): string | undefined {
  const file = path.join(clientDir, "..", BUILD_INFO_FILE);
  if (!fs.existsSync(file)) return undefined;
  return (JSON.parse(fs.readFileSync(file, "utf8")) as BuildInfo).prerenderOrigin;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Replaces the build-time origin with the runtime one in a prerendered page
 * or its data: canonical links, og:url, structured data. Only whole origins
 * are replaced: `http://localhost:3000` does not touch `http://localhost:30001`.
 */
export function replaceOrigin(text: string, from: string, to: string): string {
  if (from === to) return text;
  return text.replace(new RegExp(`${escapeRegExp(from)}(?![\\w.:-])`, "g"), () => to);
}
