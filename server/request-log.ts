import type { RequestHandler } from "express";
import type { Logger } from "pino";

/**
 * One line per request. Only the path is logged: query strings, cookies and
 * bodies can hold e-mail addresses, tokens or passwords.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    // At LOG_LEVEL warn and above the line is never written: skip its cost.
    if (!logger.isLevelEnabled("info")) return next();
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
        { method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
        "request",
      );
    });
    next();
  };
}
