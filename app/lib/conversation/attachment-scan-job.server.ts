import { z } from "zod";
import type { AppServices } from "~/lib/context.server";
import {
  attachmentSettingsFromEnv,
  scanWaitingAttachments,
} from "~/lib/conversation/attachment-scans.server";
import { defineJobKind } from "~/lib/jobs/job-kind.server";

/**
 * Scans an inquiry's received files as soon as the filing that kept them commits: queued in that transaction, so
 * it exists exactly when the files do. A file clamd could not take waits for the `upload-scans` run of the minute.
 */
export const attachmentScanJob = defineJobKind({
  kind: "attachment-scan",
  payloadSchema: z.object({ inquiryId: z.uuid() }),
  async run(payload, _job, deps: Pick<AppServices, "env" | "database">) {
    // Every waiting file of the inquiry, however many the mail kept: none waits for the schedule needlessly.
    await scanWaitingAttachments(deps.database.db, attachmentSettingsFromEnv(deps.env), {
      inquiryId: payload.inquiryId,
    });
  },
});
