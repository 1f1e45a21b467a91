/**
 * Adds lock entries for optional dependencies that npm left out of
 * package-lock.json, so that `npm ci` accepts the lock file.
 *
 * Why: the package registry these machines reach serves only the Linux
 * builds of platform-specific packages (e.g. @tailwindcss/oxide-darwin-arm64
 * answers 404). npm then writes a lock without the other platforms' entries,
 * and `npm ci` refuses it as out of sync. An entry naming the exact version
 * is enough: npm skips it here as an optional dependency it cannot install,
 * and resolves it normally on a machine that reaches the full registry.
 * Run after `npm install` changes the lock: `npm run lock:complete`.
 */
import fs from "node:fs";
import { parseCommandLine } from "./command-line";

parseCommandLine(
  `Usage: npm run lock:complete

Adds the lock entries of other platforms' optional dependencies that npm left
out of package-lock.json, so that \`npm ci\` accepts it. Run after an install
that changed the lock.`,
  {},
  { min: 0, max: 0 },
);

interface LockEntry {
  version?: string;
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
}

const file = "package-lock.json";
const lock = JSON.parse(fs.readFileSync(file, "utf8")) as { packages: Record<string, LockEntry> };
const packages = lock.packages;

function isResolvable(from: string, name: string): boolean {
  // Node's lookup: node_modules/<name> beside `from`, then in each ancestor.
  let base = from;
  for (;;) {
    if (packages[`${base ? `${base}/` : ""}node_modules/${name}`]) return true;
    if (!base) return false;
    const cut = base.lastIndexOf("/node_modules/");
    base = cut >= 0 ? base.slice(0, cut) : "";
  }
}

let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (isResolvable(location, name)) continue;
    packages[`node_modules/${name}`] ??= { version, optional: true };
    added++;
  }
}
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} optional entr${added === 1 ? "y" : "ies"} added`);
