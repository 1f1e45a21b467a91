import { startBackupScheduler } from "../backup/backup-scheduler.server";
import type { DatabaseHandle } from "../db/db.server";
import type { Env } from "../env.server";
import { startMailWorker } from "../mail/mail-outbox.server";
import { createMailSenderFromEnv } from "../mail/mail.server";
import { startRetentionJob } from "../privacy/retention.server";
import { syncAdminEmails } from "../auth/roles.server";
import { onShutdown } from "./shutdown.server";

/**
 * Everything the server does besides answering requests, started in one
 * place in development and production alike. Each job registers its stop
 * with the shutdown hooks, which the server awaits before closing the
 * database.
 */
export async function startBackgroundJobs(database: DatabaseHandle, env: Env): Promise<void> {
  const { db } = database;
  // ADMIN_EMAILS: verified users listed there get the admin role (also at a verified sign-in).
  await syncAdminEmails(db, env.ADMIN_EMAILS);

  const mailWorker = startMailWorker(db, createMailSenderFromEnv(env));
  // Finish the mail being delivered; the rest stays in the outbox.
  onShutdown(() => mailWorker.stop());

  // Deletes what the privacy notice says it deletes, rate-limit windows
  // included; it registers its own stop with the shutdown hooks.
  startRetentionJob(db, { siteUrl: env.SITE_URL });

  // Off unless BACKUP_DIR and BACKUP_INTERVAL are set.
  onShutdown(startBackupScheduler(database, env));
}
