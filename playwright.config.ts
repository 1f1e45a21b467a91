import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_ADMIN_EMAILS } from "./tests/e2e/support/accounts";
import { findTestBrowser } from "./tests/support/chromium";

const PORT = Number(process.env.E2E_PORT ?? 4310);
// localhost, not 127.0.0.1: WebAuthn (the passkey tests) refuses an IP
// address as the relying party's id, which comes from SITE_URL.
export const BASE_URL = `http://localhost:${PORT}`;

// Each run starts the production build on an empty embedded database. The
// workers evaluate this file too and inherit the variable: one directory a run.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "e2e-data-"));
const dataDir = process.env.E2E_DATA_DIR;

// A real SMTP server (started by the global setup) receives the app's mail
// and logs it where tests read it. Workers inherit these variables, so the
// config evaluated in them sees the same values.
process.env.E2E_SMTP_PORT ??= String(PORT + 1000);
process.env.E2E_MAIL_LOG ??= path.join(fs.mkdtempSync(path.join(os.tmpdir(), "e2e-mail-")), "mail.jsonl");
// Uploads are scanned by a real clamd (started by the global setup) and kept
// encrypted: every server of a run shares the scanner's port and one key.
process.env.E2E_CLAMD_PORT ??= String(PORT + 2000);
process.env.E2E_UPLOAD_KEY ??= crypto.randomBytes(32).toString("base64");

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/support/global-setup.ts",
  outputDir: `test-results/${process.env.BUILD_DIR ?? "build"}`,
  fullyParallel: true,
  forbidOnly: true,
  // Flaky is failing: no retries.
  retries: 0,
  workers: 2,
  reporter: "list",
  // On the embedded database a test's seeding restarts the worker's server
  // (tests/e2e/fixtures.ts), so a test of many steps needs longer there.
  timeout: process.env.TEST_DATABASE_URL ? 30_000 : 60_000,
  // `npm test` runs Vitest beside these tests on two cores: a password hash or
  // a server-side render can take longer than Playwright's five-second default
  // without anything being wrong. Still an assertion that fails, not a retry.
  expect: { timeout: 15_000 },
  use: {
    baseURL: BASE_URL,
    trace: "off",
    // A failure keeps what the page looked like (test-results/), for the failures that do not repeat.
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: findTestBrowser(),
      args: [
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: `node ${process.env.BUILD_DIR ?? "build"}/server/index.js`,
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      // What `npm start` runs: React's production build.
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      SITE_URL: BASE_URL,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      CLAMD_ADDRESS: `127.0.0.1:${process.env.E2E_CLAMD_PORT}`,
      UPLOAD_KEY: process.env.E2E_UPLOAD_KEY,
      ADMIN_EMAILS: E2E_ADMIN_EMAILS.join(","),
      // Every test browser shares 127.0.0.1 and fills forms at machine speed:
      // keep the contact form's rate limit and bot timer out of their way
      // (both are covered by integration tests).
      CONTACT_RATE_LIMIT: "1000/h",
      CONTACT_MIN_FILL_SECONDS: "0",
    },
  },
});
