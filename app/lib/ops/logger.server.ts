import { createRequire } from "node:module";
import { type DestinationStream, type Logger, pino } from "pino";
import { type AppContext, loggerContext } from "~/lib/context.server";
import { currentRequestId } from "~/lib/ops/request-id.server";

/** Drizzle's query errors repeat every bound parameter (a visitor's data) in their message: cut off. */
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

/** Every line written while a request is served carries its id; a request's child logger binds it itself. */
function requestIdMixin(_merge: object, _level: number, instance: Logger): object {
  const reqId = currentRequestId();
  return reqId === undefined || "reqId" in instance.bindings() ? {} : { reqId };
}

/** Readable lines at a terminal in development (production never loads pino-pretty); JSON everywhere else. */
function destination(): DestinationStream | undefined {
  if (process.env.NODE_ENV === "production" || !process.stdout.isTTY) return undefined;
  const pretty = createRequire(import.meta.url)("pino-pretty") as (options: object) => DestinationStream;
  return pretty({ colorize: true, sync: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" });
}

/** Redaction is a safety net: request logging records only method, path, status, duration and address. */
export const logger = pino(
  {
    level: "info",
    base: { pid: process.pid },
    mixin: requestIdMixin,
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
  },
  destination(),
);

/** The logger for a loader or action: the request's own, carrying its id. */
export function requestLogger(context: AppContext): Logger {
  return context.get(loggerContext) ?? logger;
}
