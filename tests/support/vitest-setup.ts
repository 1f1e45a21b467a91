import fs from "node:fs";
import path from "node:path";
import { afterAll } from "vitest";
import { logger } from "~/lib/ops/logger.server";
import { FILES_LOG, readCpu } from "./cpu-account";

// Tests provoke failures on purpose (SMTP errors, lost connections); their
// warnings would bury the results. Errors still show.
logger.level = process.env.TEST_LOG_LEVEL ?? "error";

// The worker's processor time so far, for the run's total, and this file's own share of it, for the list of
// the costliest files (tests/support/cpu-account.ts). A worker runs one file at a time.
// Setup files run again before each test file is imported, so this counts the file's imports too.
const atStart = readCpu();
// Vitest passes the file's suite second, and wants an object pattern first.
// eslint-disable-next-line no-empty-pattern
afterAll(({}, suite) => {
  const dir = process.env.VOLTA_CPU_ACCOUNT;
  if (!dir) return;
  const now = readCpu();
  fs.writeFileSync(path.join(dir, String(process.pid)), JSON.stringify(now));
  const file = path.relative(process.cwd(), suite.file.filepath);
  const spent = { file, self: now.self - atStart.self, children: now.children - atStart.children };
  fs.appendFileSync(path.join(dir, FILES_LOG), `${JSON.stringify(spent)}\n`);
});
