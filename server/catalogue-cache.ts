import type { RequestHandler } from "express";
import { type AppServices, createAppContext } from "~/lib/context.server";
import { createRequestHandler, type ServerBuild } from "react-router";
import { formatEquipmentQuery, parseEquipmentQuery } from "~/forms/equipment-query";
import { staticPageSecurityPolicy } from "./security-headers";
import { type CachedResource, createResource, sendResource } from "./static-cache";
import { hasPersonalCookie } from "./static-files";

/** Distinct filtered views kept; the least recently used goes first. */
const CATALOGUE_CACHE_ENTRIES = 200;

/** An executable inline script would need a nonce, so such a page is never cached. */
const INLINE_SCRIPT = /<script(?![^>]*\s(?:src=|type="application\/ld\+json"))[^>]*>/;

/**
 * Filtered catalogue pages (`/equipment?…`) for visitors without a session
 * or toast cookie, rendered once per normalised query and kept in memory with
 * their compressed variants. The catalogue changes only with a deploy, so an
 * entry never goes stale; the bound keeps hand-made queries from growing it.
 */
export function cachedCatalogue({
  build,
  services,
  maxEntries = CATALOGUE_CACHE_ENTRIES,
}: {
  build: ServerBuild;
  services: AppServices;
  maxEntries?: number;
}): RequestHandler {
  const siteUrl = services.env.SITE_URL;
  const render = createRequestHandler(build, "production");
  const securityPolicy = staticPageSecurityPolicy({ https: siteUrl.startsWith("https:") });
  const cache = new Map<string, Promise<CachedResource | undefined>>();

  const renderPage = async (query: string, clientIp: string): Promise<CachedResource | undefined> => {
    const request = new Request(`${siteUrl}/equipment${query ? `?${query}` : ""}`, {
      headers: { accept: "text/html" },
    });
    // No nonce, as for prerendering: a page with an inline script is not cached.
    const response = await render(request, createAppContext(services, { cspNonce: undefined, clientIp }));
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200 || response.headers.has("set-cookie")) return undefined;
    if (INLINE_SCRIPT.test(body.toString("utf8"))) return undefined;
    return createResource(body, {
      contentType: response.headers.get("content-type") ?? "text/html; charset=utf-8",
      cacheControl: "public, max-age=0, must-revalidate",
      vary: "Cookie",
      lastModifiedMs: Date.now(),
      compress: true,
    });
  };

  return (req, res, next) => {
    if (req.path !== "/equipment" || (req.method !== "GET" && req.method !== "HEAD")) return next();
    const start = req.url.indexOf("?");
    // The unfiltered catalogue is prerendered; signed-in visitors get a render.
    if (start === -1 || hasPersonalCookie(req.headers.cookie)) return next();
    const query = formatEquipmentQuery(parseEquipmentQuery(new URLSearchParams(req.url.slice(start + 1))));
    let entry = cache.get(query);
    if (entry) {
      // Most recently used last: Map keeps insertion order.
      cache.delete(query);
    } else {
      entry = renderPage(query, req.ip ?? "unknown");
      // A failed render is not kept: the next request tries again.
      entry.then(
        (resource) => resource ?? cache.delete(query),
        () => cache.delete(query),
      );
      while (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
    }
    cache.set(query, entry);
    entry.then((resource) => {
      if (!resource) return next();
      res.setHeader(securityPolicy.name, securityPolicy.value);
      sendResource(req, res, resource);
    }, next);
  };
}
