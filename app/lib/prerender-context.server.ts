import type { MiddlewareFunction } from "react-router";
import { envContext, isServedContext } from "~/lib/context.server";
import { parseEnv } from "~/lib/env.server";

/**
 * `react-router build` prerenders the public pages through the request
 * handler without getLoadContext, so with an empty context. Those pages read
 * the configuration (the site's URL) and nothing else: no database, no
 * Better Auth, as they have no session. This gives them the environment the
 * build runs with, the one scripts/finish-build.ts records as the
 * prerender origin.
 */
export const prerenderContext: MiddlewareFunction<Response> = (args, next) => {
  if (!isServedContext(args.context)) args.context.set(envContext, parseEnv(process.env));
  return next();
};
