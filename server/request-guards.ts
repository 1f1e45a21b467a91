import crypto from "node:crypto";
import type { RequestHandler } from "express";

/** Constant-time comparison; hashing first gives equal lengths. */
export function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => crypto.createHash("sha256").update(value).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}

/** No form on this site needs more; larger bodies are refused before parsing. */
const MAX_BODY_BYTES = 64 * 1024;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * `uploadPaths`: the paths that take a file, with the largest body each may have (the file's limit and a form's
 * worth of fields); the upload pipeline cuts a file off at its own limit whatever the body says.
 */
export function limitBodySize(
  maxBytes = MAX_BODY_BYTES,
  uploadPaths: readonly { prefix: string; maxBytes: number }[] = [],
): RequestHandler {
  return (req, res, next) => {
    const length = Number(req.headers["content-length"] ?? 0);
    const upload = uploadPaths.find(({ prefix }) => req.path === prefix || req.path.startsWith(`${prefix}/`));
    if (length > (upload?.maxBytes ?? maxBytes)) {
      // Close the connection rather than read the rest of a refused body.
      res.setHeader("Connection", "close");
      res.status(413).type("text/plain").send("Request body too large.");
      return;
    }
    if (req.headers["transfer-encoding"] && !SAFE_METHODS.has(req.method)) {
      // Browsers send Content-Length for forms; a chunked body could not be checked up front.
      res.status(411).type("text/plain").send("Content-Length required.");
      return;
    }
    next();
  };
}

/** CSRF: a POST whose Origin or Sec-Fetch-Site names another site is refused before any action runs. */
export function rejectCrossOrigin(siteUrl: string): RequestHandler {
  const siteOrigin = new URL(siteUrl).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.headers.origin;
    const fetchSite = req.headers["sec-fetch-site"];
    const requestOrigin = `${req.protocol}://${req.headers.host ?? ""}`;
    const sameOrigin = origin === undefined || origin === siteOrigin || origin === requestOrigin;
    if (!sameOrigin || fetchSite === "cross-site") {
      res.status(403).type("text/plain").send("Cross-origin request refused.");
      return;
    }
    next();
  };
}

/** What an HTML form sends; text/plain forms are not used on this site. */
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** Every action reads a form: any other body is refused before a route parses it; an empty POST passes. */
export function acceptOnlyForms(): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (Number(req.headers["content-length"] ?? 0) === 0) return next();
    const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    if (FORM_TYPES.has(type)) return next();
    res.status(415).type("text/plain").send("Unsupported request body: send the form from the site's page.");
  };
}

const ALLOWED_METHODS = ["GET", "HEAD", "POST", "OPTIONS"];

/** Any other method (TRACE would echo the cookies) gets a 405 before routing, not a 500 in React Router. */
export function refuseOtherMethods(): RequestHandler {
  return (req, res, next) => {
    if (ALLOWED_METHODS.includes(req.method)) return next();
    res.setHeader("Allow", ALLOWED_METHODS.join(", "));
    res.status(405).type("text/plain").send("Method not allowed.");
  };
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;
const NUL_IN_URL = /%00|\0/i;

/**
 * An answer to a request with a session cookie may be personal: no cache keeps it. Set as the headers
 * go out, so no route's own Cache-Control wins.
 */
export function privateWhenSignedIn(): RequestHandler {
  return (req, res, next) => {
    if (!SESSION_COOKIE.test(req.headers.cookie ?? "")) return next();
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      // An event stream's no-transform stays: proxies must not buffer it.
      const noTransform = /no-transform/i.test(String(this.getHeader("Cache-Control") ?? ""));
      this.setHeader("Cache-Control", noTransform ? "private, no-store, no-transform" : "private, no-store");
      // A headers object given to writeHead would override setHeader.
      for (const arg of args) {
        if (arg && typeof arg === "object" && !Array.isArray(arg)) {
          for (const key of Object.keys(arg)) {
            if (key.toLowerCase() === "cache-control") delete (arg as Record<string, unknown>)[key];
          }
        }
      }
      return writeHead.apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}

/** Postgres refuses a NUL in text: a URL holding one is a client error, answered before any query. */
export function refuseNulInUrl(): RequestHandler {
  return (req, res, next) => {
    if (!NUL_IN_URL.test(req.originalUrl)) return next();
    res.status(400).type("text/plain").send("Bad request: the address contains a NUL character.");
  };
}
