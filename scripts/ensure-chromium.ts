import { execSync } from "node:child_process";
import { findChromium } from "../tests/support/chromium";

// `npm test` must work on a fresh machine: without any Chromium, fetch
// Playwright's. Machines with a system Chromium never download anything.
const found = findChromium();
if (found) {
  console.log(`e2e browser: ${found}`);
} else {
  console.log("No Chromium found (CHROMIUM_PATH, /usr/bin/chromium): installing Playwright's Chromium");
  execSync("npx playwright install chromium", { stdio: "inherit" });
}
