import type { IncomingMessage, ServerResponse } from "node:http";
import type { CatalogueCache } from "./catalogue-cache";
import type { RequestMetrics } from "./metrics";
import { hasNulInUrl, hasSessionCookie } from "./request-guards";
import type { FastRequestLog } from "./request-log";
import { staticPageSecurityHeaders } from "./security-headers";
import { type CachedResource, type Headers, selectResponse } from "./static-cache";
import { hasPersonalCookie, type StaticSite } from "./static-files";

/** Answers the request and returns true, or returns false without touching it. */
export type FastPath = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * Production's answers from memory (static files, prerendered pages, cached
 * catalogue pages) without the Express stack, whose router and middleware
 * cost more than the answer itself (docs/decisions/022-fast-path-for-static-bytes.md).
 * The response is the one Express would send for the same resource: the
 * same request id, security headers and resource headers, in the same order;
 * the same log line; the same metrics. Anything it is not sure of goes
 * through Express, which serves the same resources itself:
 * - methods other than GET and HEAD, and every request while shutting down
 *   (server/app.ts answers those through Express, with `Connection: close`);
 * - a NUL in the URL (refused with 400 there);
 * - a session or toast cookie (a server render, or `private, no-store`);
 * - a path Express would decode or normalise (`%`, a trailing slash), and
 *   catalogue views not rendered yet.
 */
export function createFastPath({
  site,
  catalogue,
  https,
  log,
  metrics,
  isShuttingDown,
}: {
  site: StaticSite;
  catalogue: CatalogueCache;
  https: boolean;
  log: FastRequestLog;
  metrics: RequestMetrics;
  isShuttingDown(): boolean;
}): FastPath {
  const security = staticPageSecurityHeaders({ https }).flat();
  // Every response's header list, made once per set of resource headers; the
  // request id (first, as pino-http sets it first) is the only slot that changes.
  const headerLists = new WeakMap<Headers, string[]>();
  const headerListOf = (headers: Headers): string[] => {
    let list = headerLists.get(headers);
    if (!list) {
      list = ["X-Request-Id", "", ...security];
      for (const [name, value] of Object.entries(headers)) list.push(name, String(value));
      headerLists.set(headers, list);
    }
    return list;
  };

  const find = (url: string): { path: string; resource: CachedResource } | undefined => {
    const start = url.indexOf("?");
    const path = start === -1 ? url : url.slice(0, start);
    if (path.includes("%")) return undefined;
    const file = site.files.get(path);
    if (file) return { path, resource: file };
    // A query string can change the page (catalogue filters): rendered, or cached below.
    const page = start === -1 ? site.pages.get(path) : undefined;
    if (page) return { path, resource: page };
    if (start === -1 || path !== "/equipment") return undefined;
    const view = catalogue.find(url.slice(start + 1));
    return view && { path, resource: view };
  };

  return (req, res) => {
    const { method, url = "" } = req;
    if (method !== "GET" && method !== "HEAD") return false;
    if (url[0] !== "/" || hasNulInUrl(url) || isShuttingDown()) return false;
    const cookie = req.headers.cookie;
    if (cookie !== undefined && (hasPersonalCookie(cookie) || hasSessionCookie(cookie))) return false;
    const found = find(url);
    if (!found) return false;
    const { path, resource } = found;
    const requestId = log(req, res);
    metrics.observeKnown(res, method, path);
    const { status, headers, body } = selectResponse(req, resource);
    // writeHead turns the list into the header block before it returns, so
    // the one list per resource is reused rather than copied per request.
    const list = headerListOf(headers);
    list[1] = requestId;
    res.writeHead(status, list);
    res.end(body);
    return true;
  };
}
