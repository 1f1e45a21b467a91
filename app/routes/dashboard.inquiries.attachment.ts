import fs from "node:fs";
import { Readable } from "node:stream";
import { data } from "react-router";
import { z } from "zod";
import { databaseContext, envContext } from "~/lib/context.server";
import { attachmentPath } from "~/lib/conversation/attachment-files.server";
import { findKeptAttachment } from "~/lib/conversation/conversation.server";
import { guardedUser } from "~/lib/http/guards.server";
import { logger } from "~/lib/ops/logger.server";
import type { Route } from "./+types/dashboard.inquiries.attachment";

const ParamsSchema = z.object({ id: z.uuid(), attachmentId: z.uuid() });

/** A file name for Content-Disposition: ASCII fallback, and the real name RFC 5987-encoded. */
function dispositionOf(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\;]/g, "_") || "attachment";
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * Only ever a download: whatever the sender put in it, the browser neither renders nor sniffs it
 * (X-Content-Type-Options comes from the server's headers), and a sandbox CSP keeps it inert if opened.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = guardedUser(context);
  const parsed = ParamsSchema.safeParse(params);
  if (!parsed.success) throw data("Not found", { status: 404 });
  const attachment = await findKeptAttachment(context.get(databaseContext).db, {
    inquiryId: parsed.data.id,
    attachmentId: parsed.data.attachmentId,
  });
  const file = attachment ? attachmentPath(context.get(envContext).DATA_DIR, attachment.storedAs) : null;
  if (!attachment || !file || !fs.existsSync(file)) throw data("Not found", { status: 404 });
  logger.info(
    { adminId: user.id, inquiryId: parsed.data.id, attachmentId: parsed.data.attachmentId },
    "attachment downloaded",
  );
  return new Response(Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/octet-stream",
      "Content-Length": String(fs.statSync(file).size),
      "Content-Disposition": dispositionOf(attachment.filename),
      "Content-Security-Policy": "sandbox; default-src 'none'",
      "Cache-Control": "private, no-store",
    },
  });
}
