import type { Request, Response } from "express";
import type { RouterContextProvider } from "react-router";
import { type AppServices, createAppContext } from "~/lib/context.server";

/**
 * React Router's getLoadContext: every request's context carries the
 * process's services (configuration, database, Better Auth, job transports) and what Express
 * knows of the request. Loaders read them with `context.get(databaseContext)`
 * and the like (app/lib/context.server.ts).
 */
export function createGetLoadContext(services: AppServices) {
  return (req: Request, res: Response): RouterContextProvider =>
    createAppContext(services, {
      cspNonce: res.locals.cspNonce as string,
      // The socket's address, or X-Forwarded-For's only when TRUST_PROXY
      // says the proxy in front may be believed ("trust proxy" in app.ts).
      clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
      log: req.log,
    });
}
