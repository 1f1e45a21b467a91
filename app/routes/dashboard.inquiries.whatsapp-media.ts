import fs from "node:fs";
import { Readable } from "node:stream";
import { and, eq, isNotNull } from "drizzle-orm";
import { data } from "react-router";
import { z } from "zod";
import { whatsappMessages } from "~db/schema";
import { databaseContext, envContext } from "~/lib/context.server";
import { attachmentPath } from "~/lib/conversation/attachment-files.server";
import { guardedUser } from "~/lib/http/guards.server";
import { logger } from "~/lib/ops/logger.server";
import type { Route } from "./+types/dashboard.inquiries.whatsapp-media";

const ParamsSchema = z.object({ id: z.uuid(), messageId: z.uuid() });

/** As the mail attachments' downloads: only ever a download, inert if opened, never cached. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = guardedUser(context);
  const parsed = ParamsSchema.safeParse(params);
  if (!parsed.success) throw data("Not found", { status: 404 });
  const [row] = await context
    .get(databaseContext)
    .db.select({
      storedAs: whatsappMessages.media_stored_as,
      filename: whatsappMessages.media_filename,
      type: whatsappMessages.type,
    })
    .from(whatsappMessages)
    .where(
      and(
        eq(whatsappMessages.id, parsed.data.messageId),
        eq(whatsappMessages.inquiry_id, parsed.data.id),
        isNotNull(whatsappMessages.media_stored_as),
      ),
    );
  const file = row?.storedAs ? attachmentPath(context.get(envContext).DATA_DIR, row.storedAs) : null;
  if (!row || !file || !fs.existsSync(file)) throw data("Not found", { status: 404 });
  logger.info(
    { adminId: user.id, inquiryId: parsed.data.id, messageId: parsed.data.messageId },
    "WhatsApp media downloaded",
  );
  const filename = row.filename || `whatsapp-${row.type}`;
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\;]/g, "_");
  return new Response(Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/octet-stream",
      "Content-Length": String(fs.statSync(file).size),
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      "Content-Security-Policy": "sandbox; default-src 'none'",
      "Cache-Control": "private, no-store",
    },
  });
}
