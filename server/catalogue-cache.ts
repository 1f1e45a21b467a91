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

/** Raw query strings (up to a length) whose normalised form is remembered, so a repeated one is not parsed again. */
const REMEMBERED_QUERIES = 1_000;
const REMEMBERED_QUERY_LENGTH = 256;

interface Entry {
  rendering: Promise<CachedResource | undefined>;
  /** Set once the render is done and cacheable. */
  resource?: CachedResource;
}

export interface CatalogueCache {
  /** Express middleware: renders a missing entry, then answers from it. */
  middleware: RequestHandler;
  /**
   * The page already rendered for a query string (what follows `?`), marked
   * as recently used; undefined when it is not rendered yet, or cannot be.
   */
  find(rawQuery: string): CachedResource | undefined;
}

/**
 * Filtered catalogue pages (`/equipment?…`) for visitors without a session
 * or toast cookie, rendered once per normalised query and kept in memory with
 * their compressed variants. The catalogue changes only with a deploy, so an
 * entry never goes stale; the bound keeps hand-made queries from growing it.
 * The middleware is for Express; `find` is for the fast path (server/fast-path.ts).
 */
export function createCatalogueCache({
  build,
  services,
  maxEntries = CATALOGUE_CACHE_ENTRIES,
}: {
  build: ServerBuild;
  services: AppServices;
  maxEntries?: number;
}): CatalogueCache {
  const siteUrl = services.env.SITE_URL;
  const render = createRequestHandler(build, "production");
  const securityPolicy = staticPageSecurityPolicy({ https: siteUrl.startsWith("https:") });
  const cache = new Map<string, Entry>();
  const normalised = new Map<string, string>();

  const normalise = (rawQuery: string): string => {
    let query = normalised.get(rawQuery);
    if (query === undefined) {
      query = formatEquipmentQuery(parseEquipmentQuery(new URLSearchParams(rawQuery)));
      if (rawQuery.length <= REMEMBERED_QUERY_LENGTH) {
        if (normalised.size >= REMEMBERED_QUERIES) normalised.clear();
        normalised.set(rawQuery, query);
      }
    }
    return query;
  };

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

  const middleware: RequestHandler = (req, res, next) => {
    if (req.path !== "/equipment" || (req.method !== "GET" && req.method !== "HEAD")) return next();
    const start = req.url.indexOf("?");
    // The unfiltered catalogue is prerendered; signed-in visitors get a render.
    if (start === -1 || hasPersonalCookie(req.headers.cookie)) return next();
    const query = normalise(req.url.slice(start + 1));
    let entry = cache.get(query);
    if (entry) {
      // Most recently used last: Map keeps insertion order.
      cache.delete(query);
    } else {
      const created: Entry = { rendering: renderPage(query, req.ip ?? "unknown") };
      // A failed render is not kept: the next request tries again.
      const forget = () => cache.get(query) === created && cache.delete(query);
      created.rendering.then((resource) => (resource ? (created.resource = resource) : forget()), forget);
      while (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
      entry = created;
    }
    cache.set(query, entry);
    entry.rendering.then((resource) => {
      if (!resource) return next();
      res.setHeader(securityPolicy.name, securityPolicy.value);
      sendResource(req, res, resource);
    }, next);
  };

  return {
    middleware,
    find(rawQuery) {
      const query = normalise(rawQuery);
      const entry = cache.get(query);
      if (!entry?.resource) return undefined;
      cache.delete(query);
      cache.set(query, entry);
      return entry.resource;
    },
  };
}
