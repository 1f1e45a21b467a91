import { pino } from "pino";

/**
 * One JSON logger for the whole process; the server sets its level from the
 * environment module at start. Redaction is a safety net: request logging
 * only records method, path, status and duration in the first place.
 */
export const logger = pino({
  level: "info",
  base: { pid: process.pid },
  redact: {
    paths: [
      "password",
      "*.password",
      "token",
      "*.token",
      "cookie",
      "*.cookie",
      "headers.cookie",
      "headers.authorization",
      "*.headers.cookie",
      "*.headers.authorization",
    ],
    censor: "[redacted]",
  },
});
