import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import { replaceOrigin, readPrerenderOrigin } from "./prerender-origin";
import { staticPageSecurityPolicy } from "./security-headers";
import {
  type CachedResource,
  contentTypeOf,
  createResource,
  readWithVariants,
  sendResource,
} from "./static-cache";
import { isCompressible } from "./static-variants";

/**
 * Cookies that make a page personal: Better Auth's session (with or without
 * the `__Secure-` prefix), and a flash toast waiting to be shown.
 */
const PERSONAL_COOKIE = /(?:^|;\s*)(?:(?:__Secure-)?[\w.-]*session_token|toast)=/;

export function hasPersonalCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && PERSONAL_COOKIE.test(cookieHeader);
}

/**
 * Maps URL paths to what React Router prerendered: `index.html` documents
 * and the `.data` files its client navigation fetches.
 */
function findPrerenderedPages(clientDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && !(dir === clientDir && entry.name === "assets")) walk(full);
      else if (entry.isFile() && entry.name === "index.html") {
        const urlPath = "/" + path.relative(clientDir, dir).split(path.sep).join("/");
        pages.set(urlPath === "/" ? "/" : urlPath.replace(/\/$/, ""), full);
      } else if (entry.isFile() && entry.name.endsWith(".data")) {
        pages.set("/" + path.relative(clientDir, full).split(path.sep).join("/"), full);
      }
    }
  };
  if (fs.existsSync(clientDir)) walk(clientDir);
  return pages;
}

/** Public files other than prerendered pages and their build-time variants, by URL path. */
function findPublicFiles(clientDir: string): Map<string, string> {
  const files = new Map<string, string>();
  if (!fs.existsSync(clientDir)) return files;
  for (const entry of fs.readdirSync(clientDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || /\.(?:html|data|br|gz)$/.test(entry.name)) continue;
    const full = path.join(entry.parentPath, entry.name);
    const relative = path.relative(clientDir, full).split(path.sep);
    // Dotfiles are not served, as express.static did not.
    if (relative.some((part) => part.startsWith("."))) continue;
    files.set("/" + relative.join("/"), full);
  }
  return files;
}

const PAGE_CACHE = "public, max-age=0, must-revalidate";
const ASSET_CACHE = "public, max-age=31536000, immutable";
const PUBLIC_CACHE = "public, max-age=3600";

export interface StaticSite {
  /** Prerendered pages and their `.data`, by URL path without a trailing slash. */
  pages: Map<string, CachedResource>;
  /** Every other public file, by URL path. */
  files: Map<string, CachedResource>;
}

/**
 * Everything under the client build, loaded once at start into memory:
 * prerendered pages with the build-time origin replaced by `siteUrl`, and
 * every text file with brotli and gzip variants (the build's, or made once
 * here when the origin changed the bytes).
 */
export function loadStaticSite(clientDir: string, siteUrl: string): StaticSite {
  const buildOrigin = readPrerenderOrigin(clientDir);
  const pages = new Map<string, CachedResource>();
  for (const [urlPath, file] of findPrerenderedPages(clientDir)) {
    const read = readWithVariants(file);
    const text = read.body.toString("utf8");
    const rewritten = buildOrigin ? replaceOrigin(text, buildOrigin, siteUrl) : text;
    const unchanged = rewritten === text;
    pages.set(
      urlPath,
      createResource(unchanged ? read.body : Buffer.from(rewritten), {
        contentType: contentTypeOf(file),
        cacheControl: PAGE_CACHE,
        vary: "Cookie",
        lastModifiedMs: read.mtimeMs,
        compress: true,
        precompressed: unchanged ? read : undefined,
      }),
    );
  }
  const files = new Map<string, CachedResource>();
  for (const [urlPath, file] of findPublicFiles(clientDir)) {
    const read = readWithVariants(file);
    files.set(
      urlPath,
      createResource(read.body, {
        contentType: contentTypeOf(file),
        cacheControl: urlPath.startsWith("/assets/") ? ASSET_CACHE : PUBLIC_CACHE,
        lastModifiedMs: read.mtimeMs,
        compress: isCompressible(file),
        precompressed: read,
      }),
    );
  }
  return { pages, files };
}

function decodePath(urlPath: string): string | undefined {
  if (!urlPath.includes("%")) return urlPath;
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
}

/**
 * Hashed assets are cached forever; other public files for an hour.
 * Prerendered pages (HTML and their .data) go only to visitors without a
 * session or toast cookie: the header differs for signed-in users and a
 * toast must be read, so those requests get a server render.
 *
 * All of it is served from memory with headers computed at start, and the
 * fixed Content-Security-Policy of pages without inline scripts.
 */
export function staticFiles({ pages, files }: StaticSite, { siteUrl }: { siteUrl: string }): RequestHandler {
  const securityPolicy = staticPageSecurityPolicy({ https: siteUrl.startsWith("https:") });
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const urlPath = decodePath(req.path);
    if (urlPath === undefined) return next();
    const file = files.get(urlPath);
    if (file) {
      res.setHeader(securityPolicy.name, securityPolicy.value);
      return sendResource(req, res, file);
    }
    if (urlPath.startsWith("/assets/")) {
      res.setHeader(securityPolicy.name, securityPolicy.value);
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    // A query string can change the page (e.g. catalogue filters): render it.
    if (req.url.includes("?")) return next();
    const page = pages.get(urlPath.length > 1 ? urlPath.replace(/\/+$/, "") : urlPath);
    if (!page) return next();
    if (hasPersonalCookie(req.headers.cookie)) {
      res.setHeader("Vary", "Cookie");
      return next();
    }
    res.setHeader(securityPolicy.name, securityPolicy.value);
    sendResource(req, res, page);
  };
}
