import fs from "node:fs";
import { chromium } from "@playwright/test";

/**
 * The browser for e2e tests and Lighthouse: CHROMIUM_PATH, else the system
 * Chromium, else Playwright's own download (if one was installed).
 */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  for (const candidate of candidates) {
    if (candidate && fs.existsSync(candidate)) return candidate;
  }
  const bundled = chromium.executablePath();
  return fs.existsSync(bundled) ? bundled : undefined;
}
