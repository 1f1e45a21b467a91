import { Readable } from "node:stream";
import { data } from "react-router";
import sharp from "sharp";
import { z } from "zod";
import { type AppContext, databaseContext, envContext } from "~/lib/context.server";
import { guardedUser } from "~/lib/http/guards.server";
import { recordEvent } from "~/lib/inquiries/timeline.server";
import { openCleanUpload, uploadSettingsFromEnv } from "~/lib/uploads/uploads.server";

const ParamsSchema = z.object({ id: z.uuid(), uploadId: z.uuid() });

/**
 * A file someone sent us, answered only ever as a download: whatever the sender put in it, the browser neither
 * renders nor sniffs it (nosniff is the server's on every response), a sandbox keeps it inert if opened anyway, and
 * nothing caches it. The name goes as an ASCII fallback (`fallbackName` when nothing of it is ASCII) and
 * RFC 5987-encoded in full.
 */
export function inertDownload(
  content: AsyncIterable<Buffer>,
  file: { name: string; bytes: number; fallbackName: string },
  headers: Record<string, string> = {},
): Response {
  const ascii = file.name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\;]/g, "_") || file.fallbackName;
  return new Response(Readable.toWeb(Readable.from(content)) as ReadableStream<Uint8Array>, {
    headers: {
      ...INERT,
      ...headers,
      "Content-Type": "application/octet-stream",
      "Content-Length": String(file.bytes),
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    },
  });
}

/** Inert under a sandbox if opened anyway, never cached. */
const INERT = {
  "Content-Security-Policy": "sandbox; default-src 'none'",
  "Cache-Control": "private, no-store",
};

/** The server sends nosniff on every response; an upload's answers carry it themselves as well, so their loaders do. */
const NOSNIFF = { "X-Content-Type-Options": "nosniff" };

async function openFor(context: AppContext, params: unknown) {
  const parsed = ParamsSchema.safeParse(params);
  const settings = uploadSettingsFromEnv(context.get(envContext));
  if (!parsed.success || !settings) throw data("Not found", { status: 404 });
  const opened = await openCleanUpload(context.get(databaseContext).db, settings, {
    inquiryId: parsed.data.id,
    uploadId: parsed.data.uploadId,
  });
  if (!opened) throw data("Not found", { status: 404 });
  return { ...opened, ids: parsed.data };
}

/** The original bytes, for an admin with a second factor (the dashboard's guard), logged on the timeline. */
export async function downloadUpload(context: AppContext, params: unknown): Promise<Response> {
  const admin = guardedUser(context);
  const { row, content, ids } = await openFor(context, params);
  await recordEvent(context.get(databaseContext).db, {
    inquiryId: ids.id,
    kind: "upload-downloaded",
    actorId: admin.id,
    details: { uploadId: ids.uploadId },
  });
  return inertDownload(
    content,
    { name: row.file_name, bytes: row.byte_size, fallbackName: "document" },
    NOSNIFF,
  );
}

const PREVIEW_PIXELS = 1200;

/** An image re-encoded by sharp (metadata dropped, at most 1200 px): never the sent bytes inline. */
export async function previewUpload(context: AppContext, params: unknown): Promise<Response> {
  guardedUser(context);
  const { row, content } = await openFor(context, params);
  if (row.format !== "jpeg" && row.format !== "png")
    throw data("No preview for this format", { status: 404 });
  const image = Readable.from(content).pipe(
    sharp({ limitInputPixels: 50_000_000 })
      .rotate()
      .resize(PREVIEW_PIXELS, PREVIEW_PIXELS, { fit: "inside", withoutEnlargement: true })
      .png(),
  );
  return new Response(Readable.toWeb(image) as ReadableStream<Uint8Array>, {
    headers: { ...NOSNIFF, ...INERT, "Content-Type": "image/png", "Content-Disposition": "inline" },
  });
}
