import { data } from "react-router";
import { z } from "zod";
import { databaseContext, envContext } from "~/lib/context.server";
import { openCleanMedia } from "~/lib/conversation/attachment-downloads.server";
import { attachmentSettingsFromEnv } from "~/lib/conversation/attachment-scans.server";
import { guardedUser } from "~/lib/http/guards.server";
import { logger } from "~/lib/ops/logger.server";
import { inertDownload } from "~/lib/uploads/upload-download.server";
import type { Route } from "./+types/dashboard.inquiries.whatsapp-media";

const ParamsSchema = z.object({ id: z.uuid(), messageId: z.uuid() });

/** As the mail attachments' downloads: only once scanned clean, only ever a download, never cached. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = guardedUser(context);
  const parsed = ParamsSchema.safeParse(params);
  if (!parsed.success) throw data("Not found", { status: 404 });
  const file = await openCleanMedia(
    context.get(databaseContext).db,
    attachmentSettingsFromEnv(context.get(envContext)),
    { inquiryId: parsed.data.id, messageId: parsed.data.messageId },
  );
  if (!file) throw data("Not found", { status: 404 });
  logger.info(
    { adminId: user.id, inquiryId: parsed.data.id, messageId: parsed.data.messageId },
    "WhatsApp media downloaded",
  );
  return inertDownload(file.content, { name: file.filename, bytes: file.bytes, fallbackName: "attachment" });
}
