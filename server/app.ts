import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type RequestHandler } from "express";
import type { Logger } from "pino";
import type { ServerBuild } from "react-router";
import type { AppServices } from "~/lib/context.server";
import { backupRoutes } from "./backup";
import { cachedCatalogue } from "./catalogue-cache";
import { healthRoutes } from "./health";
import { createGetLoadContext } from "./load-context";
import { metricsRoutes } from "./metrics";
import {
  acceptOnlyForms,
  limitBodySize,
  privateWhenSignedIn,
  refuseNulInUrl,
  refuseOtherMethods,
  rejectCrossOrigin,
} from "./request-guards";
import { requestLog } from "./request-log";
import { securityHeaders } from "./security-headers";
import { staticFiles } from "./static-files";

export interface AppOptions {
  /** The build, or a function returning its latest version (development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Opened once at startup; every request's React Router context carries them. */
  services: AppServices;
  logger: Logger;
  /** Production: the client build and prerendered pages. */
  clientDir?: string;
  /** Development: Vite serves the client modules and public files instead. */
  viteMiddlewares?: RequestHandler;
  isShuttingDown(): boolean;
}

export function createApp(options: AppOptions): express.Express {
  const { build, services, logger, clientDir, viteMiddlewares } = options;
  const { env, database } = services;
  const development = viteMiddlewares !== undefined;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);

  app.use(requestLog(logger));
  app.use(metricsRoutes({ build, token: env.METRICS_TOKEN, database }));
  app.use(backupRoutes(env, database));
  app.use(securityHeaders({ https: env.SITE_URL.startsWith("https:"), development }));
  app.use(privateWhenSignedIn());
  app.use(refuseNulInUrl());
  app.use((_req, res, next) => {
    // While draining, tell keep-alive clients not to reuse the connection.
    if (options.isShuttingDown()) res.setHeader("Connection", "close");
    next();
  });
  // Production's static bytes are served precompressed from memory, before
  // per-request compression; development renders every page on request.
  if (typeof build !== "function" && clientDir) {
    app.use(staticFiles(clientDir, { siteUrl: env.SITE_URL }));
    app.use(cachedCatalogue({ build, services }));
  }
  app.use(compression());
  app.use(
    healthRoutes({
      isShuttingDown: options.isShuttingDown,
      pingDatabase: (timeoutMs) => database.ping(timeoutMs),
    }),
  );
  app.use(limitBodySize());
  app.use(rejectCrossOrigin(env.SITE_URL));
  // After the CSRF check: a cross-origin PUT is refused as cross-origin (403).
  app.use(refuseOtherMethods());
  app.use(acceptOnlyForms());
  if (viteMiddlewares) app.use(viteMiddlewares);
  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      mode: development ? "development" : "production",
      getLoadContext: createGetLoadContext(services),
    }),
  );
  return app;
}
