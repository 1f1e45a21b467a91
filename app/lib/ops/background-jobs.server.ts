import { createMailboxFetcher, JOB_KINDS } from "../app-services.server";
import { syncAdminEmails } from "../auth/roles.server";
import { startBackupScheduler } from "../backup/backup-scheduler.server";
import type { AppServices } from "../context.server";
import {
  createReceivedMailFiler,
  receivedMailConfigFromEnv,
} from "../conversation/file-received-mail.server";
import { startDeskJobs } from "../inbox/desk-jobs.server";
import { startJobWorker } from "../jobs/job-worker.server";
import { startRetentionJob } from "../privacy/retention.server";
import { onShutdown } from "./shutdown.server";

/**
 * Everything the server does besides answering requests, started in one
 * place in development and production alike. Each job registers its stop
 * with the shutdown hooks, which the server awaits before closing the
 * database.
 */
export async function startBackgroundJobs(services: AppServices): Promise<void> {
  const { database, env } = services;
  const { db } = database;
  // ADMIN_EMAILS: verified users listed there get the admin role (also at a verified sign-in).
  await syncAdminEmails(db, env.ADMIN_EMAILS);

  // Mail and webhook calls (WEBHOOK_URL): one queue, one worker, one retry plan.
  const jobWorker = await startJobWorker(database, JOB_KINDS, services);
  // Finish the job being run; the rest stays queued.
  onShutdown(async () => {
    await jobWorker.stop();
    services.mailer.close();
  });

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

  // Team mailboxes (IMAP_URL) into the desk: each message filed once, across
  // instances too, and threaded onto their leads by the filer.
  const mailboxFetching = createMailboxFetcher(
    services,
    createReceivedMailFiler(receivedMailConfigFromEnv(env)),
  );
  if (mailboxFetching) onShutdown(() => mailboxFetching.stop());
}
