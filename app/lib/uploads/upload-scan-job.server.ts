import { defineScheduledJobKind } from "~/lib/jobs/scheduled-job.server";
import { logger } from "~/lib/ops/logger.server";
import { scanPendingUploads, uploadSettingsFromEnv } from "~/lib/uploads/uploads.server";

/** Files that arrived while clamd was down wait unscanned, never served, until a run finds it back. */
export const uploadScansJob = defineScheduledJobKind({
  kind: "upload-scans",
  schedule: (env) => (env.UPLOAD_KEY ? { cron: "* * * * *" } : null),
  async run(_run, { database, env }) {
    const settings = uploadSettingsFromEnv(env);
    if (!settings) return;
    const waiting = await scanPendingUploads(database.db, settings);
    if (waiting > 0)
      logger.warn({ uploadsWaitingForScan: waiting }, "clamd unavailable: uploads wait unscanned");
  },
});
