/**
 * The benchmark's tools from Debian: found on the PATH (or at a known
 * place), else installed with `apt-get install` when running as root, as
 * scripts/ensure-chromium.ts installs a browser. Nothing is downloaded
 * from anywhere else.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

function findOnPath(command: string, candidates: string[]): string | undefined {
  const directories = (process.env.PATH ?? "").split(path.delimiter).filter(Boolean);
  return [...directories.map((dir) => path.join(dir, command)), ...candidates].find((file) => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** The command's path, installing Debian's `pkg` if it is missing and allowed; or why it is missing. */
export function findOrInstall(
  command: string,
  pkg: string,
  candidates: string[] = [],
): { binary: string } | { missing: string } {
  const found = findOnPath(command, candidates);
  if (found) return { binary: found };
  const apt = findOnPath("apt-get", []);
  if (!apt) return { missing: `${command} is not installed and there is no apt-get to install it` };
  if (process.getuid?.() !== 0) {
    return { missing: `${command} is not installed (as root: apt-get install ${pkg})` };
  }
  console.log(`${command} is missing: apt-get install -y --no-install-recommends ${pkg}`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  let result = spawnSync(apt, ["install", "-y", "--no-install-recommends", pkg], { stdio: "inherit", env });
  if (result.status !== 0) {
    // A fresh container has no package lists yet.
    spawnSync(apt, ["update"], { stdio: "inherit", env });
    result = spawnSync(apt, ["install", "-y", "--no-install-recommends", pkg], { stdio: "inherit", env });
  }
  const installed = result.status === 0 ? findOnPath(command, candidates) : undefined;
  return installed ? { binary: installed } : { missing: `apt-get install ${pkg} failed` };
}
