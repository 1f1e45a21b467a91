import fs from "node:fs";
import type { Server } from "node:http";
import type { ServerBuild } from "react-router";
import { resolveAuthSecret } from "~/lib/auth-secret.server";
import { DataDirLockedError } from "~/lib/data-dir-lock.server";
import { closeDatabase, getDatabase } from "~/lib/db.server";
import { EnvError, getEnv } from "~/lib/env.server";
import { startBackupScheduler } from "~/lib/backup-scheduler.server";
import { logger } from "~/lib/logger.server";
import { startMailWorker } from "~/lib/mail-outbox.server";
import { createMailSenderFromEnv } from "~/lib/mail.server";
import { pruneRateLimits } from "~/lib/rate-limit.server";
import { startRetentionJob } from "~/lib/retention.server";
import { runShutdownHooks } from "~/lib/shutdown.server";
import { syncAdminEmails } from "~/lib/roles.server";
import { createApp } from "./app";

const DRAIN_TIMEOUT_MS = 20_000;

function fail(message: string): never {
  // Plain text on stderr: the operator reads this, not a log pipeline.
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** Starts the production server: configuration, database, HTTP, shutdown. */
export async function startServer(build: ServerBuild, clientDir: string): Promise<void> {
  let env;
  try {
    env = getEnv();
    logger.level = env.LOG_LEVEL;
    if (!env.DATABASE_URL) fs.mkdirSync(env.DATA_DIR, { recursive: true });
    resolveAuthSecret(env);
  } catch (error) {
    if (error instanceof EnvError) fail(error.message);
    throw error;
  }

  if (process.env.NODE_ENV !== "production") {
    // React picks its build when first loaded, before this runs; its
    // development build renders several times slower.
    logger.warn("NODE_ENV is not 'production': React is using its slow development build");
  }

  let database;
  try {
    database = await getDatabase();
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    logger.fatal({ err: error }, "could not open the database");
    process.exit(1);
  }

  // ADMIN_EMAILS: verified users listed there get the admin role (also at verification).
  await syncAdminEmails(database.db, env.ADMIN_EMAILS);
  const mailWorker = startMailWorker(database.db, createMailSenderFromEnv());
  const stopBackups = startBackupScheduler(database, env);
  startRetentionJob(database.db); // stops itself through onShutdown (runShutdownHooks below)
  const pruneTimer = setInterval(() => {
    pruneRateLimits(database.db).catch((error: unknown) =>
      logger.warn({ err: error }, "rate-limit prune failed"),
    );
  }, 10 * 60_000);
  pruneTimer.unref();

  let shuttingDown = false;
  const app = createApp({
    build,
    env,
    logger,
    clientDir,
    isShuttingDown: () => shuttingDown,
    pingDatabase: (timeoutMs) => database.ping(timeoutMs),
  });

  const server: Server = app.listen(env.PORT, env.HOST, () => {
    logger.info(
      { port: env.PORT, host: env.HOST, database: database.kind, siteUrl: env.SITE_URL },
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
    server.close(async () => {
      clearTimeout(forceClose);
      try {
        clearInterval(pruneTimer);
        // Finish the mail being delivered; the rest stays in the outbox.
        await mailWorker.stop();
        await stopBackups();
        await closeDatabase();
        logger.info("shutdown complete");
        process.exit(0);
      } catch (error) {
        logger.error({ err: error }, "error while closing the database");
        process.exit(1);
      }
    });
    server.closeIdleConnections();
    runShutdownHooks();
  };

  const shutdown = (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    // From here /readyz answers 503 and responses ask clients not to reuse the connection.
    shuttingDown = true;
    const delayMs = env.SHUTDOWN_DELAY_SECONDS * 1000;
    logger.info({ signal, delayMs }, "shutting down: not ready, draining in-flight requests");
    if (delayMs === 0) return closeAndDrain();
    setTimeout(closeAndDrain, delayMs);
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}
