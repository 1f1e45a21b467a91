import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import helmet from "helmet";

/** Stands in for the nonce while helmet writes the policy once; replaced per response. */
const NONCE_SLOT = "NONCE_SLOT_0000000000";

/** Stands in for the request's host in development's websocket source. */
const HOST_SLOT = "HOST_SLOT_0000000000";

/** The request's host, if it is only a host and port (it ends up in a header). */
function hostOf(req: { headers: { host?: string } }): string {
  const host = req.headers.host ?? "";
  return /^[\w.\-[\]:]+$/.test(host) ? host : "localhost";
}

/**
 * The headers helmet sets, computed once. Running helmet per request rebuilt
 * the same strings on every response; only the nonce changes.
 */
function computeHeaders(https: boolean, scriptSrc: string[], connectSrc = ["'self'"]): Map<string, string> {
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc,
        // Inline style attributes are harmless compared with scripts and
        // some components set them; scripts stay nonce-only.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        connectSrc,
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
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let done = false;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, () => (done = true));
  if (!done) throw new Error("helmet did not finish synchronously");
  return headers;
}

const CSP = "Content-Security-Policy";

/**
 * The Content-Security-Policy for responses whose bytes carry no inline
 * script (prerendered pages, static files, cached
 * catalogue pages): the same policy with scripts from this origin only, and
 * no nonce to compute.
 */
export function staticPageSecurityPolicy({ https }: { https: boolean }): { name: string; value: string } {
  return { name: CSP, value: computeHeaders(https, ["'self'"]).get(CSP)! };
}

/**
 * Every security header of a response with staticPageSecurityPolicy, named
 * and ordered as the Express path sets them: securityHeaders' fixed headers,
 * then the policy. The fast path (server/fast-path.ts) sends these.
 */
export function staticPageSecurityHeaders({ https }: { https: boolean }): [name: string, value: string][] {
  const headers = computeHeaders(https, ["'self'"]);
  const policy = headers.get(CSP)!;
  headers.delete(CSP);
  return [...headers, [CSP, policy]];
}

/**
 * Security headers for every response, static files and errors included.
 * Scripts run only with the per-request nonce; prerendered pages carry no
 * inline script and get
 * staticPageSecurityPolicy instead.
 */
export function securityHeaders({
  https,
  development = false,
}: {
  https: boolean;
  /** Vite's client keeps a websocket to the dev server for hot reload. */
  development?: boolean;
}): RequestHandler[] {
  const connectSrc = development ? ["'self'", `ws://${HOST_SLOT}`] : ["'self'"];
  const headers = computeHeaders(https, ["'self'", `'nonce-${NONCE_SLOT}'`], connectSrc);
  const [before, after] = headers.get(CSP)!.split(NONCE_SLOT) as [string, string];
  headers.delete(CSP);
  const fixed = [...headers];
  const setHeaders: RequestHandler = (req, res, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    for (const [name, value] of fixed) res.setHeader(name, value);
    const policy = before + nonce + after;
    res.setHeader(CSP, development ? policy.replace(HOST_SLOT, hostOf(req)) : policy);
    next();
  };
  return [setHeaders];
}
