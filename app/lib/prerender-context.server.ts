import type { MiddlewareFunction } from "react-router";
import { envContext, isServedContext } from "~/lib/context.server";
import { parseEnv } from "~/lib/env.server";

/** Prerendering runs without getLoadContext; its pages read only the configuration, from the build's environment. */
export const prerenderContext: MiddlewareFunction<Response> = (args, next) => {
  if (!isServedContext(args.context)) args.context.set(envContext, parseEnv(process.env));
  return next();
};
