import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import { runWithRequestId } from "~/lib/ops/request-id.server";

const REQUEST_ID_HEADER = "X-Request-Id";

/**
 * Only method, path, status and duration: query strings, cookies and bodies can hold addresses, tokens or
 * passwords. The id is always made here, never taken from the client, who could plant another request's id.
 */
const fields = (req: IncomingMessage, res: ServerResponse, ms: number) => ({
  method: req.method,
  // Express's req.ip, after TRUST_PROXY: the visitor's address behind a trusted proxy, else the socket's.
  ip: (req as { ip?: string }).ip ?? req.socket.remoteAddress,
  // Express sets originalUrl; the path alone, without the query.
  path: ((req as { originalUrl?: string }).originalUrl ?? req.url ?? "").split("?")[0],
  status: res.statusCode,
  ms: Math.round(ms * 10) / 10,
});

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
    customSuccessObject: (req, res, value: { responseTime: number }) => fields(req, res, value.responseTime),
    customErrorObject: (req, res, _error, value: { responseTime: number }) =>
      fields(req, res, value.responseTime),
    customSuccessMessage: () => "request",
    customErrorMessage: () => "request",
  });
  return (req, res, next) => {
    log(req, res);
    runWithRequestId(String(req.id), next);
  };
}
