import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import { runWithRequestId } from "~/lib/ops/request-id.server";
import { clientAddress, type TrustProxy } from "./client-address";

const REQUEST_ID_HEADER = "X-Request-Id";

/**
 * One line per request through pino-http, and an id per request. Only
 * method, path, status and duration are logged: query strings, cookies and
 * bodies can hold e-mail addresses, tokens or passwords, so pino-http's own
 * request and response serializers (URL with query, all headers) are not
 * used. The id is always made here, never taken from the client (a caller
 * could otherwise plant another request's id in the log); it goes back as
 * X-Request-Id and is the reference error messages show.
 */
const fields = (req: IncomingMessage, res: ServerResponse, ms: number, ip: string | undefined) => ({
  method: req.method,
  // After TRUST_PROXY: the visitor's address behind a trusted proxy, else the socket's.
  ip,
  // Express sets originalUrl; the path alone, without the query.
  path: ((req as { originalUrl?: string }).originalUrl ?? req.url ?? "").split("?")[0],
  status: res.statusCode,
  ms: Math.round(ms * 10) / 10,
});

/** Express's `req.ip` ("trust proxy" applied), read once the request has been through Express. */
const expressIp = (req: IncomingMessage) => (req as { ip?: string }).ip ?? req.socket.remoteAddress;

export function requestLog(logger: Logger): RequestHandler {
  const log = pinoHttp({
    logger,
    genReqId: (_req, res) => {
      const id = randomUUID();
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    // req.log and res.log carry the id only, not the whole request.
    quietReqLogger: true,
    quietResLogger: true,
    customSuccessObject: (req, res, value: { responseTime: number }) =>
      fields(req, res, value.responseTime, expressIp(req)),
    customErrorObject: (req, res, _error, value: { responseTime: number }) =>
      fields(req, res, value.responseTime, expressIp(req)),
    customSuccessMessage: () => "request",
    customErrorMessage: () => "request",
  });
  return (req, res, next) => {
    log(req, res);
    runWithRequestId(String(req.id), next);
  };
}

/** Logs a request that Express does not see; returns its id, for X-Request-Id. */
export type FastRequestLog = (req: IncomingMessage, res: ServerResponse) => string;

/**
 * The same line as requestLog's, for the fast path (server/fast-path.ts),
 * without what pino-http makes per request that nothing there reads (two
 * child loggers, req.log, res.log). Like pino-http: a child logger made once,
 * the time from here to the response's end in whole milliseconds. Written at
 * the response's "close", which Node emits once for every response, right
 * after it finishes or when it fails or its connection closes: one listener
 * rather than pino-http's three, added and removed per request.
 */
export function fastRequestLog(logger: Logger, trust: TrustProxy): FastRequestLog {
  const log = logger.child({});
  return (req, res) => {
    const reqId = randomUUID();
    if (!log.isLevelEnabled("info")) return reqId;
    const start = Date.now();
    res.once("close", () => {
      log.info({ reqId, ...fields(req, res, Date.now() - start, clientAddress(req, trust)) }, "request");
    });
    return reqId;
  };
}
