import { createContext, type MiddlewareFunction } from "react-router";
import type { AppContext } from "~/lib/context.server";

const incomingMethodContext = createContext<string>("GET");

/**
 * The loaders that draw a page after a posted form are handed a GET of their own: a loader that acts on
 * an opening asks this instead, as a refused post must change nothing.
 */
export const incomingMethodMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  context.set(incomingMethodContext, request.method);
  return next();
};

export function incomingMethod(context: AppContext): string {
  return context.get(incomingMethodContext);
}
