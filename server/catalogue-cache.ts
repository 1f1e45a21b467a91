import type { RequestHandler } from "express";
import { type AppServices, createAppContext } from "~/lib/context.server";
import { createRequestHandler, type ServerBuild } from "react-router";
import { equipmentItems } from "~/content/equipment";
import { filterEquipment } from "~/content/equipment-filters";
import { formatEquipmentQuery, parseEquipmentQuery } from "~/forms/equipment-query";
import { staticPageSecurityPolicy } from "./security-headers";
import { type CachedResource, createResource, sendResource } from "./static-cache";
import { hasPersonalCookie } from "./static-files";

/** Distinct searches with results kept; the least recently used goes first. */
const CATALOGUE_CACHE_ENTRIES = 200;
/** Distinct searches without results kept, apart, so they cannot push out the others. */
const EMPTY_SEARCH_ENTRIES = 50;

/**
 * An executable inline script would need a nonce, so such a page is never
 * cached.
 */
const INLINE_SCRIPT = /<script(?![^>]*\s(?:src=|type="application\/ld\+json"))[^>]*>/;

/** Raw query strings (up to a length) whose normalised form is remembered, so a repeated one is not parsed again. */
const REMEMBERED_QUERIES = 1_000;
const REMEMBERED_QUERY_LENGTH = 256;

/** Where a view is kept: its normalised query string, and the part of the cache that holds it. */
interface Key {
  query: string;
  store: Store;
}

/** Entries least recently used first (Map keeps insertion order); `max` undefined: never evicted. */
interface Store {
  entries: Map<string, Entry>;
  max?: number;
}

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
 * their compressed variants. The key is the normalised query (unknown
 * parameters dropped, values parsed by the form's schema, the search text at
 * most 100 characters), so spellings of one view share one entry. Views
 * without a search text are finitely many and all kept. Searches with
 * results share a bounded LRU, and searches without (what unique junk
 * queries are) a smaller one apart: junk neither grows the cache nor pushes
 * out the views visitors use, and each new junk view costs one render and
 * one compression at the run-time level (static-cache.ts). The catalogue changes
 * only with a deploy, so an entry never goes stale (docs/decisions/028). The middleware is for
 * Express; `find` is for the fast path (server/fast-path.ts).
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
  /** Views without a search text: bounded by the filters' values, never evicted. */
  const views: Store = { entries: new Map() };
  const searches: Store = { entries: new Map(), max: maxEntries };
  const emptySearches: Store = { entries: new Map(), max: EMPTY_SEARCH_ENTRIES };
  const normalised = new Map<string, Key>();

  const keyOf = (rawQuery: string): Key => {
    let key = normalised.get(rawQuery);
    if (key === undefined) {
      const parsed = parseEquipmentQuery(new URLSearchParams(rawQuery));
      const store =
        parsed.q === ""
          ? views
          : filterEquipment(equipmentItems, parsed).length > 0
            ? searches
            : emptySearches;
      key = { query: formatEquipmentQuery(parsed), store };
      if (rawQuery.length <= REMEMBERED_QUERY_LENGTH) {
        if (normalised.size >= REMEMBERED_QUERIES) normalised.clear();
        normalised.set(rawQuery, key);
      }
    }
    return key;
  };

  /** The entry for a key, marked as recently used. */
  const touch = ({ query, store }: Key): Entry | undefined => {
    const entry = store.entries.get(query);
    if (entry) {
      store.entries.delete(query);
      store.entries.set(query, entry);
    }
    return entry;
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
    const key = keyOf(req.url.slice(start + 1));
    let entry = touch(key);
    if (!entry) {
      const { query, store } = key;
      const created: Entry = { rendering: renderPage(query, req.ip ?? "unknown") };
      // A failed render is not kept: the next request tries again.
      const forget = () => store.entries.get(query) === created && store.entries.delete(query);
      created.rendering.then((resource) => (resource ? (created.resource = resource) : forget()), forget);
      const max = store.max ?? Infinity;
      while (store.entries.size >= max) store.entries.delete(store.entries.keys().next().value!);
      store.entries.set(query, created);
      entry = created;
    }
    entry.rendering.then((resource) => {
      if (!resource) return next();
      res.setHeader(securityPolicy.name, securityPolicy.value);
      sendResource(req, res, resource);
    }, next);
  };

  return {
    middleware,
    find(rawQuery) {
      return touch(keyOf(rawQuery))?.resource;
    },
  };
}
