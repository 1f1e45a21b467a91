import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type RequestHandler } from "express";
import type { Logger } from "pino";
import type { ServerBuild } from "react-router";
import { uploadLimits } from "~/content/uploads";
import { type AppServices, createAppContext } from "~/lib/context.server";
import { backupRoutes } from "./backup";
import { healthRoutes } from "./health";
import { metricsRoutes } from "./metrics";
import { photosDir } from "~/lib/catalogue/photo-files.server";
import { cataloguePhotoFiles, publicFiles } from "./public-files";
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
import { whatsAppWebhookRoutes } from "./whatsapp-webhook";

interface AppOptions {
  /** The build, or a function returning its latest version (development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Opened once at startup; every request's React Router context carries them. */
  services: AppServices;
  logger: Logger;
  /** Production: the client build and prerendered pages. */
  clientDir?: string;
  /** Production: whether the prerendered pages carry SITE_URL, so they may be served as files. */
  servePrerenderedPages?: boolean;
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

  // While draining, every answer closes its connection, so a proxy never sends another request on it.
  app.use((_req, res, next) => {
    if (options.isShuttingDown()) res.setHeader("Connection", "close");
    next();
  });
  app.use(requestLog(logger));
  app.use(metricsRoutes({ build, token: env.METRICS_TOKEN, database }));
  app.use(backupRoutes(env, database));
  app.use(securityHeaders({ https: env.SITE_URL.startsWith("https:"), development }));
  app.use(privateWhenSignedIn());
  app.use(refuseNulInUrl());
  // Before compression: AVIF, WebP and JPEG are compressed already.
  app.use(cataloguePhotoFiles(photosDir(env)));
  app.use(compression());
  if (clientDir) app.use(publicFiles(clientDir, { servePages: options.servePrerenderedPages ?? true }));
  app.use(
    healthRoutes({
      isShuttingDown: options.isShuttingDown,
      pingDatabase: (timeoutMs) => database.ping(timeoutMs),
      mailboxes: () => services.mailboxes.readiness(),
    }),
  );
  // Before the form guards: Meta posts JSON of its own size from its own origin, vouched for by its signature.
  app.use(whatsAppWebhookRoutes(env, database));
  app.use(
    limitBodySize(undefined, [
      { prefix: "/client", maxBytes: uploadLimits.maxFileBytes + 64 * 1024 },
      { prefix: "/dashboard/equipment-photos", maxBytes: uploadLimits.maxFileBytes + 64 * 1024 },
    ]),
  );
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
      // req.ip is X-Forwarded-For's only when TRUST_PROXY says the proxy in front may be believed.
      getLoadContext: (req, res) =>
        createAppContext(services, {
          cspNonce: res.locals.cspNonce as string,
          clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
          log: req.log,
        }),
    }),
  );
  return app;
}
