import fs from "node:fs";
import { pathToFileURL } from "node:url";
import { HEADLESS_SHELL } from "../tests/support/chromium";
import { type DebianPackageSet, ensureDebianPackages } from "./debian-packages";

/**
 * Debian's build of Chromium's headless shell: the browser without the
 * windowed browser's machinery, which Playwright itself runs for headless
 * tests (decision 067). It runs the e2e suite on about half the processor
 * time of the full Chromium in its headless mode (measured: 52 tests, 32 s
 * against 16 s).
 */
export const HEADLESS_SHELL_PACKAGES: DebianPackageSet = {
  what: "Chromium's headless shell",
  files: [HEADLESS_SHELL],
  packages: ["chromium-headless-shell"],
};

/**
 * The e2e browser: CHROMIUM_PATH when set, else Debian's headless shell,
 * installed from Debian's packages when missing (`npm test` must work on a
 * fresh machine, and nothing is downloaded from anywhere else).
 */
export function ensureTestBrowser(): string {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) {
    if (!fs.existsSync(chosen)) throw new Error(`CHROMIUM_PATH is set to ${chosen}, which does not exist`);
    return chosen;
  }
  ensureDebianPackages(HEADLESS_SHELL_PACKAGES);
  return HEADLESS_SHELL;
}

// `npm run test:e2e` runs it first.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(`e2e browser: ${ensureTestBrowser()}`);
}
