import { pino } from "pino";

/**
 * Errors are logged without what they may carry of a visitor's data:
 * Drizzle's query errors repeat every bound parameter (names, e-mails,
 * messages) in their message and stack, so those are cut off.
 */
export function serializeError(value: unknown): unknown {
  if (!(value instanceof Error)) return value;
  const withoutParams = (text: string) => text.split("\nparams:")[0] ?? text;
  const cause = value.cause instanceof Error ? value.cause : undefined;
  const code = (value as { code?: unknown }).code ?? (cause as { code?: unknown } | undefined)?.code;
  return {
    type: value.name,
    message: withoutParams(value.message),
    ...(code === undefined ? {} : { code }),
    ...(cause ? { cause: withoutParams(cause.message) } : {}),
    stack: value.stack
      ?.split("\n")
      .filter((line) => line.startsWith("    at "))
      .slice(0, 10)
      .join("\n"),
  };
}

/**
 * One JSON logger for the whole process; the server sets its level from the
 * environment module at start. Request logging records only method, path,
 * status and duration; redaction is a safety net for anything else.
 */
export const logger = pino({
  level: "info",
  base: { pid: process.pid },
  serializers: { err: serializeError },
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
