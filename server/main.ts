import type { Server } from "node:http";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { createAppServices } from "~/lib/app-services.server";
import { resolveAuthSecret } from "~/lib/auth/auth-secret.server";
import { startBackgroundJobs } from "~/lib/background-jobs.server";
import { DataDirLockedError } from "~/lib/db/data-dir-lock.server";
import { type DatabaseHandle, databaseOptionsFromEnv, openDatabase } from "~/lib/db/db.server";
import { configurationError, type Env, productionWarnings } from "~/lib/env.server";
import { backupBeforeMigrations } from "~/lib/backup/backup-before-migrations.server";
import { UnusableDirectoryError } from "~/lib/ops/private-files.server";
import { logger } from "~/lib/ops/logger.server";
import { runShutdownHooks } from "~/lib/ops/shutdown.server";
import { createApp } from "./app";
import { readPrerenderOrigin } from "./prerender-origin";
import { checkedSettings, fail, failStart } from "./settings";

const DRAIN_TIMEOUT_MS = 20_000;

interface StartServerOptions {
  /** Created by server/index.ts, so that Vite can attach its HMR websocket to it in development. */
  httpServer: Server;
  /** The React Router build; in development a function loading its latest version (hot reload). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Production: build/client, with the prerendered pages. */
  clientDir?: string;
  /** Development: Vite's middleware (client modules, public files, HMR) and how to close it. */
  vite?: { middlewares: RequestHandler; close(): Promise<void> };
}

/** Starts the server, the same in development and production. */
export async function startServer({ httpServer, build, clientDir, vite }: StartServerOptions): Promise<void> {
  const parsed = checkedSettings();
  logger.level = parsed.LOG_LEVEL;
  let env: Env;
  try {
    // Resolved (or generated) once: what reads the secret later finds it here.
    env = { ...parsed, BETTER_AUTH_SECRET: resolveAuthSecret(parsed) };
  } catch (error) {
    failStart(error);
  }

  if (process.env.NODE_ENV === "production") {
    for (const warning of productionWarnings(env)) logger.warn(warning);
  }

  if (!vite && process.env.NODE_ENV !== "production") {
    // React picks its build when first loaded, before this runs.
    logger.warn("NODE_ENV is not 'production': React is using its slow development build");
  }

  let database: DatabaseHandle;
  try {
    database = await openDatabase({
      ...databaseOptionsFromEnv(env),
      beforeMigrations: backupBeforeMigrations(env),
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    if (error instanceof UnusableDirectoryError) fail(configurationError("DATA_DIR", error.message));
    const reason = error instanceof Error ? error.message : String(error);
    fail(`Could not open the database (${env.DATABASE_URL ? "DATABASE_URL" : "DATA_DIR"}): ${reason}`);
  }

  const services = createAppServices(env, database);
  await startBackgroundJobs(services);

  // Pages prerendered for another origin would show it in their canonical links: rendered per request instead.
  const prerenderOrigin = clientDir ? readPrerenderOrigin(clientDir) : undefined;
  const servePrerenderedPages = prerenderOrigin === undefined || prerenderOrigin === env.SITE_URL;
  if (!servePrerenderedPages) {
    logger.info(
      { prerenderOrigin, siteUrl: env.SITE_URL },
      "the build's pages were prerendered for another SITE_URL: rendering them per request (rebuild, or run scripts/finish-build.ts with --origin, so that they are served as files)",
    );
  }

  let shuttingDown = false;
  const app = createApp({
    build,
    services,
    logger,
    clientDir,
    servePrerenderedPages,
    viteMiddlewares: vite?.middlewares,
    isShuttingDown: () => shuttingDown,
  });

  const server = httpServer;
  server.on("request", app);
  server.listen(env.PORT, env.HOST, () => {
    logger.info(
      {
        port: env.PORT,
        host: env.HOST,
        database: database.kind,
        siteUrl: env.SITE_URL,
        mode: vite ? "development" : "production",
      },
      "server listening",
    );
  });
  server.on("error", (error) => {
    logger.fatal({ err: error }, "http server error");
    process.exit(1);
  });

  const closeAndDrain = () => {
    const forceClose = setTimeout(() => {
      logger.warn("drain timeout reached: closing remaining connections");
      server.closeAllConnections();
    }, DRAIN_TIMEOUT_MS);
    forceClose.unref();
    // Ends open streams and stops the background jobs.
    const hooksSettled = runShutdownHooks();
    // Vite's HMR websocket would keep the server from closing. Not awaited: it can stay pending.
    void vite?.close().catch((error: unknown) => logger.warn({ err: error }, "closing Vite failed"));
    server.close(async () => {
      clearTimeout(forceClose);
      try {
        await hooksSettled.catch((error: unknown) => logger.error({ err: error }, "shutdown hook failed"));
        await database.close();
        logger.info("shutdown complete");
        process.exit(0);
      } catch (error) {
        logger.error({ err: error }, "error while closing the database");
        process.exit(1);
      }
    });
    server.closeIdleConnections();
  };

  const shutdown = (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    // From here /readyz answers 503 and responses ask clients not to reuse the connection.
    shuttingDown = true;
    // Idle kept-alive connections stay open: a proxy may be sending a request on one now, and a post lost that
    // way is not retried (decision 055). The next request on each is answered with `Connection: close`.
    const delayMs = env.SHUTDOWN_DELAY_SECONDS * 1000;
    logger.info({ signal, delayMs }, "shutting down: not ready, draining in-flight requests");
    if (delayMs === 0) return closeAndDrain();
    setTimeout(closeAndDrain, delayMs);
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}
