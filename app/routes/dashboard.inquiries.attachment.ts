import { data } from "react-router";
import { z } from "zod";
import { databaseContext, envContext } from "~/lib/context.server";
import { openCleanAttachment } from "~/lib/conversation/attachment-downloads.server";
import { attachmentSettingsFromEnv } from "~/lib/conversation/attachment-scans.server";
import { guardedUser } from "~/lib/http/guards.server";
import { logger } from "~/lib/ops/logger.server";
import { inertDownload } from "~/lib/uploads/upload-download.server";
import type { Route } from "./+types/dashboard.inquiries.attachment";

const ParamsSchema = z.object({ id: z.uuid(), attachmentId: z.uuid() });

/** Only a file the virus scanner passed, and only ever as a download (inertDownload). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = guardedUser(context);
  const parsed = ParamsSchema.safeParse(params);
  if (!parsed.success) throw data("Not found", { status: 404 });
  const file = await openCleanAttachment(
    context.get(databaseContext).db,
    attachmentSettingsFromEnv(context.get(envContext)),
    { inquiryId: parsed.data.id, attachmentId: parsed.data.attachmentId },
  );
  if (!file) throw data("Not found", { status: 404 });
  logger.info(
    { adminId: user.id, inquiryId: parsed.data.id, attachmentId: parsed.data.attachmentId },
    "attachment downloaded",
  );
  return inertDownload(file.content, { name: file.filename, bytes: file.bytes, fallbackName: "attachment" });
}
