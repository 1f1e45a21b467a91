import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import helmet from "helmet";

/** The request's host, if it is only a host and port (it ends up in a header). */
function hostOf(req: IncomingMessage): string {
  const host = req.headers.host ?? "";
  return /^[\w.\-[\]:]+$/.test(host) ? host : "localhost";
}

const nonceOf = (_req: IncomingMessage, res: ServerResponse) =>
  `'nonce-${(res as ServerResponse & { locals: { cspNonce: string } }).locals.cspNonce}'`;

/** Scripts run only from this origin or with the per-request nonce; deploy/nginx sets the same headers. */
export function securityHeaders({
  https,
  development = false,
}: {
  https: boolean;
  /** Vite's client keeps a websocket to the dev server for hot reload. */
  development?: boolean;
}): RequestHandler[] {
  const setNonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonceOf],
        // Some components set inline style attributes, harmless compared with scripts.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        connectSrc: development ? ["'self'", (req) => `ws://${hostOf(req)}`] : ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: "deny" },
  });
  return [setNonce, headers];
}
