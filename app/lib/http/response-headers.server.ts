import { createContext, type MiddlewareFunction } from "react-router";
import type { AppContext } from "~/lib/context.server";

/** Edits a response's headers, copying a response whose headers are immutable first. */
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

/** Nothing behind a sign-in is cached; an event stream keeps no-transform, so proxies do not buffer it. */
export function withNoStore(response: Response): Response {
  const noTransform = /no-transform/i.test(response.headers.get("Cache-Control") ?? "");
  return withHeaders(response, (headers) =>
    headers.set("Cache-Control", noTransform ? "private, no-store, no-transform" : "private, no-store"),
  );
}

/** Null outside the root middleware (an action called directly by a test). */
const addedHeadersContext = createContext<Headers | null>(null);

/**
 * React Router sends a `data()`'s headers only through a route's `headers` export: instead of one per
 * route, loaders and actions hand them to this middleware.
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

/** Retry-After, set by the middleware above and returned for `data()`, so a test calling an action sees it. */
export function retryAfter(context: AppContext, seconds: number): { "Retry-After": string } {
  const value = String(seconds);
  context.get(addedHeadersContext)?.set("Retry-After", value);
  return { "Retry-After": value };
}
