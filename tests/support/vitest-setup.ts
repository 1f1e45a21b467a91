import fs from "node:fs";
import path from "node:path";
import { afterAll } from "vitest";
import { logger } from "~/lib/ops/logger.server";
import { readCpu } from "./cpu-account";

// Tests provoke failures on purpose (SMTP errors, lost connections); their
// warnings would bury the results. Errors still show.
logger.level = process.env.TEST_LOG_LEVEL ?? "error";

// The worker's processor time so far, for the run's total (tests/support/cpu-account.ts).
afterAll(() => {
  const dir = process.env.VOLTA_CPU_ACCOUNT;
  if (dir) fs.writeFileSync(path.join(dir, String(process.pid)), JSON.stringify(readCpu()));
});
