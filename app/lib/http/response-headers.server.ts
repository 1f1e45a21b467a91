import { createContext, type MiddlewareFunction } from "react-router";
import type { AppContext } from "~/lib/context.server";

/**
 * Headers that middleware adds to what a route answered. Most responses
 * here carry mutable headers; one that does not (a Response.redirect, a
 * fetched body) is copied first.
 */
export function withHeaders(response: Response, edit: (headers: Headers) => void): Response {
  try {
    edit(response.headers);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    edit(copy.headers);
    return copy;
  }
}

/**
 * Nothing behind a sign-in is kept by a shared or a browser cache. An event
 * stream's no-transform stays: proxies must not buffer it.
 */
export function withNoStore(response: Response): Response {
  const noTransform = /no-transform/i.test(response.headers.get("Cache-Control") ?? "");
  return withHeaders(response, (headers) =>
    headers.set("Cache-Control", noTransform ? "private, no-store, no-transform" : "private, no-store"),
  );
}

/** Null outside the root middleware (an action called directly by a test). */
const addedHeadersContext = createContext<Headers | null>(null);

/**
 * React Router sends the headers of a loader's or action's `data()` only
 * through a route's `headers` export (cookies aside). Instead of one such
 * export per route, a loader or action hands the headers it needs on the
 * response to this middleware, which sets them whatever route answered.
 */
export const addedHeadersMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const added = new Headers();
  context.set(addedHeadersContext, added);
  const response = await next();
  if ([...added.keys()].length === 0) return response;
  return withHeaders(response, (headers) => {
    for (const [name, value] of added) headers.set(name, value);
  });
};

/**
 * Retry-After for an answer that refuses for now (429, 503): set on the
 * response by the middleware above, and returned for the `data()` init so
 * that a test calling the action directly sees it too.
 */
export function retryAfter(context: AppContext, seconds: number): { "Retry-After": string } {
  const value = String(seconds);
  context.get(addedHeadersContext)?.set("Retry-After", value);
  return { "Retry-After": value };
}
