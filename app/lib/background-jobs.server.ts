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

/** Everything besides answering requests; each part's stop runs before the database closes. */
export async function startBackgroundJobs(services: AppServices): Promise<void> {
  const { database, env } = services;
  // ADMIN_EMAILS: verified users listed there get the admin role (also at a verified sign-in).
  await syncAdminEmails(database.db, env.ADMIN_EMAILS);

  const scheduled = scheduledKinds(JOB_KINDS, env);
  const unscheduled = JOB_KINDS.filter((kind) => !kind.schedule);

  // Two loops over the one queue, so a long run (a backup, retention) never holds up mail and webhook calls.
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

  const mailboxFetching = createMailboxFetcher(
    services,
    createReceivedMailFiler(receivedMailConfigFromEnv(env)),
  );
  if (mailboxFetching) onShutdown(() => mailboxFetching.stop());
}
