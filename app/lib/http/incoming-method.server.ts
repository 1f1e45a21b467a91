import { createContext, type MiddlewareFunction } from "react-router";
import type { AppContext } from "~/lib/context.server";

const incomingMethodContext = createContext<string>("GET");

/**
 * Records the method the request came in with. The loaders that draw a page
 * after a posted form are handed a GET of their own, so a loader that acts
 * on an opening (the lead page marks its lead read) asks this instead: a
 * refused post must change nothing.
 */
export const incomingMethodMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  context.set(incomingMethodContext, request.method);
  return next();
};

export function incomingMethod(context: AppContext): string {
  return context.get(incomingMethodContext);
}
