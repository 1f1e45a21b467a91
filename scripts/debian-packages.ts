import { execFileSync } from "node:child_process";
import fs from "node:fs";

/**
 * Installs Debian's `packages` unless every one of `files` is already there:
 * `npm test` must work on a fresh machine. It installs as root and without a
 * terminal (CI has no stdin). Where an init system runs, the package starts
 * its system-wide `service`, which would hold the standard ports; the tests
 * run their own on loopback ports, so it is stopped.
 */
export function ensureDebianPackages(options: {
  what: string;
  files: readonly string[];
  packages: readonly string[];
  service: string;
}): void {
  const { what, files, packages, service } = options;
  if (files.every((file) => fs.existsSync(file))) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `${what} is missing (${files.join(", ")}) and installing it needs root: ` +
        `sudo apt-get install ${packages.join(" ")} (or run this as root)`,
    );
  }
  console.log(`Installing ${packages.join(", ")} from Debian's packages`);
  const aptGet = (...args: string[]) =>
    execFileSync("apt-get", args, {
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  aptGet("update", "-qq");
  aptGet("install", "-y", "-qq", "--no-install-recommends", ...packages);
  try {
    execFileSync("service", [service, "stop"], { stdio: "ignore" });
  } catch {
    // no init system, or not running: nothing to stop
  }
}
