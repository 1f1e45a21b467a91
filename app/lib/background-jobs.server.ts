import type { Db } from "./db.server";
import type { Env } from "./env.server";
import { logger } from "./logger.server";
import { startMailWorker } from "./mail-outbox.server";
import { createMailSenderFromEnv } from "./mail.server";
import { pruneRateLimits } from "./rate-limit.server";
import { syncAdminEmails } from "./roles.server";
import { onShutdown } from "./shutdown.server";

const PRUNE_INTERVAL_MS = 10 * 60_000;

/**
 * Everything the server does besides answering requests, started in one
 * place in development and production alike. Each job registers its stop
 * with the shutdown hooks, which the server awaits before closing the
 * database.
 */
export async function startBackgroundJobs(db: Db, env: Env): Promise<void> {
  // ADMIN_EMAILS: verified users listed there get the admin role (also at verification).
  await syncAdminEmails(db, env.ADMIN_EMAILS);

  const mailWorker = startMailWorker(db, createMailSenderFromEnv());
  // Finish the mail being delivered; the rest stays in the outbox.
  onShutdown(() => mailWorker.stop());

  const pruneTimer = setInterval(() => {
    pruneRateLimits(db).catch((error: unknown) => logger.warn({ err: error }, "rate-limit prune failed"));
  }, PRUNE_INTERVAL_MS);
  pruneTimer.unref();
  onShutdown(() => clearInterval(pruneTimer));
}
