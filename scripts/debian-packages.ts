import { execFileSync } from "node:child_process";
import fs from "node:fs";

/** Debian packages one test needs, the files that show they are installed, and the service they may start. */
export interface DebianPackageSet {
  what: string;
  files: readonly string[];
  packages: readonly string[];
  service?: string;
}

/**
 * Installs Debian's `packages` unless every one of `files` is already there:
 * `npm test` must work on a fresh machine. It installs as root and without a
 * terminal (CI has no stdin). Where an init system runs, the package starts
 * its system-wide `service`, which would hold the standard ports; the tests
 * run their own on loopback ports, so it is stopped.
 */
export function ensureDebianPackages(options: DebianPackageSet): void {
  ensureDebianPackageSets([options]);
}

/**
 * The same for several sets at once: one package-list update and one install
 * for all that are missing (`npm test` installs what every suite needs this
 * way, beside the typecheck, before the suites start).
 */
export function ensureDebianPackageSets(sets: readonly DebianPackageSet[]): void {
  const missing = sets.filter(({ files }) => !files.every((file) => fs.existsSync(file)));
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    const { what, files, packages } = missing[0]!;
    throw new Error(
      `${what} is missing (${files.join(", ")}) and installing it needs root: ` +
        `sudo apt-get install ${packages.join(" ")} (or run this as root)`,
    );
  }
  const packages = missing.flatMap((set) => set.packages);
  console.log(`Installing ${packages.join(", ")} from Debian's packages`);
  const aptGet = (...args: string[]) =>
    execFileSync("apt-get", args, {
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  aptGet("update", "-qq");
  aptGet("install", "-y", "-qq", "--no-install-recommends", ...packages);
  for (const { service } of missing) {
    if (!service) continue;
    try {
      execFileSync("service", [service, "stop"], { stdio: "ignore" });
    } catch {
      // no init system, or not running: nothing to stop
    }
  }
}
