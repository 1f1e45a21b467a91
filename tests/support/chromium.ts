import fs from "node:fs";
import { chromium } from "@playwright/test";

/** Debian's Chromium headless shell (scripts/ensure-chromium.ts installs it). */
export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/**
 * The browser for e2e tests: CHROMIUM_PATH, else Debian's headless shell,
 * else a full Chromium (findChromium).
 */
export function findTestBrowser(): string | undefined {
  if (!process.env.CHROMIUM_PATH && fs.existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  return findChromium();
}

/**
 * The full browser, for Lighthouse (which measures what visitors' Chrome
 * does): CHROMIUM_PATH, else the system Chromium, else Playwright's own
 * download (if one was installed).
 */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  for (const candidate of candidates) {
    if (candidate && fs.existsSync(candidate)) return candidate;
  }
  const bundled = chromium.executablePath();
  return fs.existsSync(bundled) ? bundled : undefined;
}
