import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { IncomingMessage, ServerResponse } from "node:http";
import zlib from "node:zlib";
import { chooseEncoding, type Encoding } from "./static-variants";

export type Headers = Record<string, string | number>;

interface Variant {
  body: Buffer;
  headers: Headers;
  notModified: Headers;
}

/** One static resource held in memory, with its precomputed headers per encoding. */
export interface CachedResource {
  /** The bytes and headers for an encoding (the original when compressing does not pay). */
  variant(encoding: Encoding): Variant;
  etags: ReadonlySet<string>;
  lastModifiedMs: number;
}

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".data": "text/x-script; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".map": "application/json; charset=utf-8",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
};

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
}

interface ResourceOptions {
  contentType: string;
  cacheControl: string;
  vary?: string;
  lastModifiedMs: number;
  /** Text worth brotli and gzip variants (see isCompressible). */
  compress: boolean;
  /** Variants read from disk (the build's); computed here when absent. */
  precompressed?: { br?: Buffer; gzip?: Buffer };
}

/**
 * What compressing costs a request at run time: brotli and gzip at levels that
 * take a small, fixed share of a render. Quality 11 only happens at build time
 * (scripts/finish-build.ts), where it costs no visitor anything
 * (docs/decisions/028-what-one-request-may-cost.md).
 */
export const RUNTIME_BROTLI_QUALITY = 4;
export const RUNTIME_GZIP_LEVEL = 6;

/** The compression middleware's settings for responses rendered per request. */
export const runtimeCompression = {
  level: RUNTIME_GZIP_LEVEL,
  brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: RUNTIME_BROTLI_QUALITY } },
};

const RUNTIME_BROTLI_TAG = `-br${RUNTIME_BROTLI_QUALITY}`;

/**
 * Builds a resource from its bytes. Text gets brotli and gzip variants: the
 * build's when given; otherwise (a page whose origin was replaced, a cached
 * catalogue view) made once, on the first request that asks for them, at the
 * run-time levels above. Each variant has its own ETag, as the bytes differ;
 * any of them revalidates, as they all decode to the same page.
 */
export function createResource(body: Buffer, options: ResourceOptions): CachedResource {
  const hash = crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27);
  const lastModified = new Date(Math.floor(options.lastModifiedMs / 1000) * 1000).toUTCString();
  const compressible = options.compress && body.length > 256;
  const vary = compressible
    ? options.vary
      ? `${options.vary}, Accept-Encoding`
      : "Accept-Encoding"
    : options.vary;
  const makeVariant = (bytes: Buffer, encoding: Encoding, tag: string): Variant => {
    const common: Headers = {
      "Cache-Control": options.cacheControl,
      ETag: `"${hash}${tag}"`,
      "Last-Modified": lastModified,
      ...(vary ? { Vary: vary } : {}),
    };
    return {
      body: bytes,
      notModified: common,
      headers: {
        ...common,
        "Content-Type": options.contentType,
        "Content-Length": bytes.length,
        ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }),
      },
    };
  };
  const identity = makeVariant(body, "identity", "");
  if (!compressible) {
    return { variant: () => identity, etags: new Set([`"${hash}"`]), lastModifiedMs: options.lastModifiedMs };
  }
  // A variant no smaller than the original is not used.
  const smaller = (bytes: Buffer, encoding: Encoding, tag: string) =>
    bytes.length < body.length ? makeVariant(bytes, encoding, tag) : identity;
  const given = options.precompressed;
  let br = given?.br && smaller(given.br, "br", "-br");
  let gzip = given?.gzip && smaller(given.gzip, "gzip", "-gz");
  const brotliParams = {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: RUNTIME_BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  };
  return {
    variant(encoding) {
      if (encoding === "br") {
        return (br ??= smaller(zlib.brotliCompressSync(body, brotliParams), "br", RUNTIME_BROTLI_TAG));
      }
      if (encoding === "gzip") {
        return (gzip ??= smaller(zlib.gzipSync(body, { level: RUNTIME_GZIP_LEVEL }), "gzip", "-gz"));
      }
      return identity;
    },
    etags: new Set(["", "-br", RUNTIME_BROTLI_TAG, "-gz"].map((tag) => `"${hash}${tag}"`)),
    lastModifiedMs: options.lastModifiedMs,
  };
}

/** If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2). */
function isNotModified(req: IncomingMessage, resource: CachedResource): boolean {
  const ifNoneMatch = req.headers["if-none-match"];
  if (ifNoneMatch !== undefined) {
    if (ifNoneMatch.trim() === "*") return true;
    return ifNoneMatch.split(",").some((tag) => resource.etags.has(tag.trim().replace(/^W\//, "")));
  }
  const ifModifiedSince = req.headers["if-modified-since"];
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && Math.floor(resource.lastModifiedMs / 1000) * 1000 <= since;
}

/** What a GET or HEAD gets from a resource: its variant the request accepts, or 304. */
export function selectResponse(
  req: IncomingMessage,
  resource: CachedResource,
): { status: 200 | 304; headers: Headers; body: Buffer | undefined } {
  const variant = resource.variant(chooseEncoding(req.headers["accept-encoding"]));
  if (isNotModified(req, resource)) return { status: 304, headers: variant.notModified, body: undefined };
  return { status: 200, headers: variant.headers, body: req.method === "HEAD" ? undefined : variant.body };
}

/**
 * Answers a GET or HEAD from memory: the variant the request accepts, or 304.
 * Headers set before (security headers) stay; nothing is computed here.
 */
export function sendResource(req: IncomingMessage, res: ServerResponse, resource: CachedResource): void {
  const { status, headers, body } = selectResponse(req, resource);
  res.writeHead(status, headers);
  res.end(body);
}

/** Reads a file and the build's `.br`/`.gz` variants beside it, if any. */
export function readWithVariants(file: string): {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  mtimeMs: number;
} {
  const read = (candidate: string) => (fs.existsSync(candidate) ? fs.readFileSync(candidate) : undefined);
  return {
    body: fs.readFileSync(file),
    br: read(`${file}.br`),
    gzip: read(`${file}.gz`),
    mtimeMs: fs.statSync(file).mtimeMs,
  };
}
