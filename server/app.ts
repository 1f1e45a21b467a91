import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import type { RequestListener } from "node:http";
import express, { type RequestHandler } from "express";
import type { Logger } from "pino";
import type { ServerBuild } from "react-router";
import type { AppServices } from "~/lib/context.server";
import { backupRoutes } from "./backup";
import { createCatalogueCache } from "./catalogue-cache";
import { compileTrustProxy } from "./client-address";
import { createFastPath, type FastPath } from "./fast-path";
import { healthRoutes } from "./health";
import { createGetLoadContext } from "./load-context";
import { createRequestMetrics, metricsRoutes } from "./metrics";
import {
  acceptOnlyForms,
  limitBodySize,
  privateWhenSignedIn,
  refuseNulInUrl,
  refuseOtherMethods,
  rejectCrossOrigin,
} from "./request-guards";
import { fastRequestLog, requestLog } from "./request-log";
import { securityHeaders } from "./security-headers";
import { runtimeCompression } from "./static-cache";
import { loadStaticSite, staticFiles } from "./static-files";

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

export interface App {
  /** Every request: the fast path's when it answers, Express's otherwise. */
  listener: RequestListener;
  express: express.Express;
  /** Production only: answers from memory before Express (server/fast-path.ts). */
  fastPath?: FastPath;
}

export function createApp(options: AppOptions): App {
  const { build, services, logger, clientDir, viteMiddlewares } = options;
  const { env, database } = services;
  const development = viteMiddlewares !== undefined;
  const https = env.SITE_URL.startsWith("https:");
  const metrics = createRequestMetrics(build);
  const app = express();
  app.disable("x-powered-by");
  // One test for Express's req.ip and the fast path's log lines alike.
  const trustProxy = compileTrustProxy(env.TRUST_PROXY);
  app.set("trust proxy", trustProxy);

  app.use(requestLog(logger));
  app.use(metricsRoutes({ metrics, token: env.METRICS_TOKEN, database }));
  app.use(backupRoutes(env, database));
  app.use(securityHeaders({ https, development }));
  app.use(privateWhenSignedIn());
  app.use(refuseNulInUrl());
  // Production's static bytes are served precompressed from memory, before
  // per-request compression; development renders every page on request.
  let fastPath: FastPath | undefined;
  if (typeof build !== "function" && clientDir) {
    const site = loadStaticSite(clientDir, env.SITE_URL);
    const catalogue = createCatalogueCache({ build, services });
    app.use(staticFiles(site, { siteUrl: env.SITE_URL }));
    app.use(catalogue.middleware);
    fastPath = createFastPath({
      site,
      catalogue,
      https,
      log: fastRequestLog(logger, trustProxy),
      metrics,
      isShuttingDown: options.isShuttingDown,
    });
  }
  // Pages rendered per request: a low level, so a request's compression costs
  // a small fixed share of its render (static-cache.ts).
  app.use(compression(runtimeCompression));
  app.use(
    healthRoutes({
      isShuttingDown: options.isShuttingDown,
      pingDatabase: (timeoutMs) => database.ping(timeoutMs),
      mailboxes: () => services.mailboxes.readiness(),
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
  const listener: RequestListener = (req, res) => {
    // While draining, every answer (the probes', the metrics', a page's)
    // closes its connection after it, so a proxy never sends another request
    // on a connection that is about to close; the fast path stands aside then.
    if (options.isShuttingDown()) {
      res.setHeader("Connection", "close");
      app(req, res);
    } else if (!fastPath?.(req, res)) app(req, res);
  };
  return { listener, express: app, fastPath };
}
