import {
  attachmentSettingsFromEnv,
  scanWaitingAttachments,
} from "~/lib/conversation/attachment-scans.server";
import { defineScheduledJobKind } from "~/lib/jobs/scheduled-job.server";
import { logger } from "~/lib/ops/logger.server";
import { scanPendingUploads, uploadSettingsFromEnv } from "~/lib/uploads/uploads.server";

/**
 * Files that arrived while clamd was down wait unscanned, never served, until a run finds it back: uploads, and
 * the attachments of mail and WhatsApp, which arrive with or without UPLOAD_KEY, so the job runs without it too.
 */
export const uploadScansJob = defineScheduledJobKind({
  kind: "upload-scans",
  schedule: { cron: "* * * * *" },
  async run(_run, { database, env }) {
    const settings = uploadSettingsFromEnv(env);
    const uploads = settings ? await scanPendingUploads(database.db, settings) : 0;
    const attachments = await scanWaitingAttachments(database.db, attachmentSettingsFromEnv(env));
    if (uploads + attachments > 0)
      logger.warn(
        { uploadsWaitingForScan: uploads, attachmentsWaitingForScan: attachments },
        "files wait unscanned: clamd did not answer, or a file could not be read",
      );
  },
});
