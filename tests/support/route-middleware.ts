import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { sessionMiddleware } from "~/lib/http/request-session.server";

/**
 * Calls a loader or action as the server does: after the root's session
 * middleware and the middleware of the layouts above the route. A response
 * a middleware or the route throws (a redirect) is the answer; otherwise it
 * is what the route returned.
 */
export async function throughMiddleware<T>(
  context: RouterContextProvider,
  request: Request,
  layouts: readonly MiddlewareFunction<Response>[],
  route: () => Promise<T>,
): Promise<T | Response> {
  const chain = [sessionMiddleware, ...layouts];
  const args = { request, url: new URL(request.url), pattern: "/", params: {}, context };
  let reached: { result: T } | undefined;
  const run = async (index: number): Promise<Response> => {
    const current = chain[index];
    if (!current) {
      reached = { result: await route() };
      return new Response(null);
    }
    return (await current(args, () => run(index + 1))) ?? new Response(null);
  };
  try {
    const response = await run(0);
    return reached ? reached.result : response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
