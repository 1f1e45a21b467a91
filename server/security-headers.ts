import crypto from "node:crypto";
import type { RequestHandler, Response } from "express";
import helmet from "helmet";

/** The request's host, if it is only a host and port (it ends up in a header). */
function hostOf(req: { headers: { host?: string } }): string {
  const host = req.headers.host ?? "";
  return /^[\w.\-[\]:]+$/.test(host) ? host : "localhost";
}

/**
 * Security headers for every response, static files and errors included.
 * Scripts run only with the per-request nonce; prerendered pages carry no
 * scripts at all, so they are never caught without one.
 */
export function securityHeaders({
  https,
  development = false,
}: {
  https: boolean;
  /** Vite's client keeps a websocket to the dev server for hot reload. */
  development?: boolean;
}): RequestHandler[] {
  const assignNonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as unknown as Response).locals.cspNonce}'`],
        // Inline style attributes are harmless compared with scripts and
        // some components set them; scripts stay nonce-only.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        connectSrc: development
          ? ["'self'", (req) => `ws://${hostOf(req as unknown as { headers: { host?: string } })}`]
          : ["'self'"],
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
  return [assignNonce, headers];
}
