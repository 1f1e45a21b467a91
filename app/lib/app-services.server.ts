import { createAuth } from "~/lib/auth/auth.server";
import { startMailboxFetching, type MailboxFetching } from "~/lib/conversation/mailbox-fetching.server";
import { createMailboxStatusBoard } from "~/lib/conversation/mailbox-status.server";
import type { FileReceivedMail } from "~/lib/conversation/received-mail";
import { createToastCookie } from "~/lib/http/toast.server";
import { createStreamSlots } from "~/lib/ops/stream-slots.server";
import type { AppServices } from "~/lib/context.server";
import type { DatabaseHandle } from "~/lib/db/db.server";
import type { Env } from "~/lib/env.server";
import { backupJob } from "~/lib/backup/backup-job.server";
import {
  followUpRemindersJob,
  morningDigestJob,
  overdueAlertsJob,
} from "~/lib/inquiries/desk-schedule.server";
import type { AnyJobKind } from "~/lib/jobs/job-worker.server";
import { mailJob } from "~/lib/mail/mail-job.server";
import { retentionJob } from "~/lib/privacy/retention.server";
import { sanctionsListFetchJob } from "~/lib/sanctions/list-fetch.server";
import { rescreenJob, screenInquiryJob } from "~/lib/sanctions/screening-jobs.server";
import { weeklyReportJob } from "~/lib/reports/weekly-report-mail.server";
import { createMailSenderFromEnv } from "~/lib/mail/mail.server";
import { logger } from "~/lib/ops/logger.server";
import { createWebhookSender, webhookJob } from "~/lib/webhook/webhook-job.server";
import { whatsAppDeliveryJob } from "~/lib/whatsapp/whatsapp-intake.server";
import { whatsAppSendJob } from "~/lib/whatsapp/outgoing.server";
import { whatsAppMediaJob } from "~/lib/whatsapp/media.server";
import { uploadScansJob } from "~/lib/uploads/upload-scan-job.server";
import { attachmentScanJob } from "~/lib/conversation/attachment-scan-job.server";
import { licenceExpiryRemindersJob } from "~/lib/licences/licence-reminders.server";

/* The composition root: built once per process or per test; nothing per-environment lives in a module variable. */

/** The kinds of job the workers run. */
export const JOB_KINDS: readonly AnyJobKind<JobDeps>[] = [
  mailJob,
  webhookJob,
  overdueAlertsJob,
  followUpRemindersJob,
  morningDigestJob,
  weeklyReportJob,
  retentionJob,
  backupJob,
  whatsAppDeliveryJob,
  whatsAppSendJob,
  whatsAppMediaJob,
  attachmentScanJob,
  uploadScansJob,
  screenInquiryJob,
  rescreenJob,
  sanctionsListFetchJob,
  licenceExpiryRemindersJob,
];

/** What a job's run may use. */
export type JobDeps = Pick<AppServices, "mailer" | "webhooks" | "env" | "database">;

export function createAppServices(
  env: Env,
  database: DatabaseHandle,
  /** Tests replace the transports (an SMTP sink, a local receiver). */
  overrides: Partial<Pick<JobDeps, "mailer" | "webhooks">> = {},
): AppServices {
  return {
    env,
    database,
    auth: createAuth(database.db, env),
    toastCookie: createToastCookie(env),
    eventStreams: createStreamSlots(env.EVENT_STREAMS_PER_ACCOUNT),
    mailer: overrides.mailer ?? createMailSenderFromEnv(env),
    webhooks: overrides.webhooks ?? createWebhookSender(env.WEBHOOK_SECRET),
    mailboxes: createMailboxStatusBoard(),
  };
}

/** Null when IMAP_URL is unset. With no filer nothing is fetched: a message taken past the cursor would be lost. */
export function createMailboxFetcher(
  services: Pick<AppServices, "env" | "database" | "mailboxes">,
  file: FileReceivedMail | null,
): MailboxFetching | null {
  const { env, database, mailboxes } = services;
  if (env.IMAP_URL.length === 0) return null;
  if (!file) {
    logger.warn("IMAP_URL is set but no filer for received mail is connected: the mailboxes are not fetched");
    return null;
  }
  return startMailboxFetching({ db: database.db, env, logger, file, status: mailboxes });
}
