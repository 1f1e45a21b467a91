import { startBackupScheduler } from "../backup/backup-scheduler.server";
import type { DatabaseHandle } from "../db/db.server";
import type { Env } from "../env.server";
import { startMailWorker } from "../mail/mail-outbox.server";
import { createMailSenderFromEnv } from "../mail/mail.server";
import { startDeskJobs } from "../inbox/desk-jobs.server";
import { startRetentionJob } from "../privacy/retention.server";
import { startWebhookWorker } from "../webhook/webhook-outbox.server";
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

  // Webhook calls (WEBHOOK_URL) go through their own outbox, with the mail's retries.
  const webhookWorker = startWebhookWorker(db, env.WEBHOOK_SECRET);
  onShutdown(() => webhookWorker.stop());

  // Overdue webhooks and the morning digest; each happens once across instances.
  startDeskJobs(db, { siteUrl: env.SITE_URL, adminEmails: env.ADMIN_EMAILS, webhookUrl: env.WEBHOOK_URL });

  // Deletes what the privacy notice says it deletes, rate-limit windows,
  // mail files and old backups included; it registers its own stop with the shutdown hooks.
  startRetentionJob(db, {
    siteUrl: env.SITE_URL,
    dirs: { dataDir: env.DATA_DIR, backupDir: env.BACKUP_DIR },
  });

  // Off unless BACKUP_DIR and BACKUP_INTERVAL are set.
  onShutdown(startBackupScheduler(database, env));
}
