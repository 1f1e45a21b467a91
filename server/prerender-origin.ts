import fs from "node:fs";
import path from "node:path";

/** Written by scripts/finish-build.ts into the build directory (not the public client directory). */
export const BUILD_INFO_FILE = "build-info.json";

export interface BuildInfo {
  /** The origin baked into the prerendered pages' canonical links and structured data. */
  prerenderOrigin: string;
}

/** The origin the build's prerendered pages carry, or undefined for a build that did not record it. */
export function readPrerenderOrigin(clientDir: string): string | undefined {
  const file = path.join(clientDir, "..", BUILD_INFO_FILE);
  if (!fs.existsSync(file)) return undefined;
  return (JSON.parse(fs.readFileSync(file, "utf8")) as BuildInfo).prerenderOrigin;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Replaces whole origins only: `http://localhost:3000` does not touch `http://localhost:30001`. */
export function replaceOrigin(text: string, from: string, to: string): string {
  if (from === to) return text;
  return text.replace(new RegExp(`${escapeRegExp(from)}(?![\\w.:-])`, "g"), () => to);
}
