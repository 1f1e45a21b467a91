import { pathToFileURL } from "node:url";
import { type DebianPackageSet, ensureDebianPackages } from "./debian-packages";

export const CLAMD = "/usr/sbin/clamd";

/**
 * Uploads are scanned by a real ClamAV daemon: Debian's. The tests run their
 * own clamd on loopback with a local signature database (signatures cannot be
 * downloaded here); the system-wide service and freshclam are stopped.
 */
export const CLAMAV_PACKAGES: DebianPackageSet = {
  what: "ClamAV",
  files: [CLAMD],
  packages: ["clamav-daemon"],
  service: "clamav-daemon",
};

export function ensureClamav(): string {
  ensureDebianPackages(CLAMAV_PACKAGES);
  return CLAMD;
}

// `npx tsx scripts/ensure-clamav.ts`, e.g. to prepare a machine by hand.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(`clamd: ${ensureClamav()}`);
}
