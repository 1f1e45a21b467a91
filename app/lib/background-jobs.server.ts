import { createMailboxFetcher, JOB_KINDS } from "~/lib/app-services.server";
import { syncAdminEmails } from "~/lib/auth/roles.server";
import type { AppServices } from "~/lib/context.server";
import {
  createReceivedMailFiler,
  receivedMailConfigFromEnv,
} from "~/lib/conversation/file-received-mail.server";
import { scheduledKinds, startScheduler } from "~/lib/jobs/job-scheduler.server";
import { startJobWorker } from "~/lib/jobs/job-worker.server";
import { logger } from "~/lib/ops/logger.server";
import { onShutdown } from "~/lib/ops/shutdown.server";

/**
 * Everything the server does besides answering requests, started in one
 * place in development and production alike, beside the composition root
 * whose services it wires. Each part registers its stop with the shutdown
 * hooks, which the server awaits before closing the database.
 */
export async function startBackgroundJobs(services: AppServices): Promise<void> {
  const { database, env } = services;
  // ADMIN_EMAILS: verified users listed there get the admin role (also at a verified sign-in).
  await syncAdminEmails(database.db, env.ADMIN_EMAILS);

  // The clock's work (the desk's sweeps, the digest, the weekly report,
  // retention, backups) as kinds on the one queue: this instance enqueues
  // each due run, once across instances, and runs those its settings allow
  // (backups only where BACKUP_INTERVAL is set).
  const scheduled = scheduledKinds(JOB_KINDS, env);
  const unscheduled = JOB_KINDS.filter((kind) => !kind.schedule);

  // Two loops over the one queue, so that a long run (a backup, retention)
  // never holds up mail and webhook calls.
  const jobWorker = await startJobWorker(database, unscheduled, services);
  const scheduledWorker = await startJobWorker(
    database,
    scheduled.map(({ kind }) => kind),
    services,
  );
  const scheduler = await startScheduler(database.db, scheduled);
  logger.info(
    { schedules: Object.fromEntries(scheduled.map(({ kind, schedule }) => [kind.kind, schedule.cron])) },
    "scheduled jobs",
  );
  // Enqueue no more, then finish the runs under way; the rest stays queued.
  onShutdown(async () => {
    await scheduler.stop();
    await Promise.all([jobWorker.stop(), scheduledWorker.stop()]);
    services.mailer.close();
  });

  // Team mailboxes (IMAP_URL) into the desk: each message filed once, across
  // instances too, and threaded onto their leads by the filer.
  const mailboxFetching = createMailboxFetcher(
    services,
    createReceivedMailFiler(receivedMailConfigFromEnv(env)),
  );
  if (mailboxFetching) onShutdown(() => mailboxFetching.stop());
}
