import { logger } from "~/lib/ops/logger.server";

// Tests provoke failures on purpose (SMTP errors, lost connections); their
// warnings would bury the results. Errors still show.
logger.level = process.env.TEST_LOG_LEVEL ?? "error";
