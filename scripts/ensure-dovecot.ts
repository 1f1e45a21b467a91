import { pathToFileURL } from "node:url";
import { type DebianPackageSet, ensureDebianPackages } from "./debian-packages";

/** Debian's Dovecot with its IMAP server (dovecot-core comes with it). */
const PACKAGES = ["dovecot-imapd"];
export const DOVECOT = "/usr/sbin/dovecot";
const IMAP_BINARY = "/usr/lib/dovecot/imap";

/**
 * The mailbox-fetching tests talk to a real IMAP server: Debian's Dovecot.
 * `npm test` must work on a fresh machine, so a missing one is installed
 * from Debian's packages (as root, without a terminal: CI has no stdin).
 * The tests run their own Dovecot as the current user with its own
 * configuration; the system-wide service the package may start is stopped.
 */
export const DOVECOT_PACKAGES: DebianPackageSet = {
  what: "Dovecot",
  files: [DOVECOT, IMAP_BINARY],
  packages: PACKAGES,
  service: "dovecot",
};

export function ensureDovecot(): string {
  ensureDebianPackages(DOVECOT_PACKAGES);
  return DOVECOT;
}

// `npx tsx scripts/ensure-dovecot.ts`, e.g. to prepare a machine by hand.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(`dovecot: ${ensureDovecot()}`);
}
