import fs from "node:fs";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { attachmentLimits } from "~/content/attachment-limits";
import { whatsappMessages } from "~db/schema";
import type { DatabaseHandle } from "~/lib/db/db.server";
import type { Env } from "~/lib/env.server";
import {
  attachmentPath,
  removingWrittenFilesOnFailure,
  writeAttachment,
} from "~/lib/conversation/attachment-files.server";
import { attachmentScanJob } from "~/lib/conversation/attachment-scan-job.server";
import { announceChange } from "~/lib/conversation/received-mail-effects.server";
import { defineJobKind } from "~/lib/jobs/job-kind.server";
import { enqueueJob } from "~/lib/jobs/job-queue.server";
import type { WhatsAppChannel } from "~/lib/whatsapp/whatsapp-settings.server";

const REQUEST_TIMEOUT_MS = 30_000;

/** GET /{media-id}: where to fetch the file (a link Meta keeps for a few minutes) and how large it is. */
const mediaInfoSchema = z.object({
  url: z.url({ protocol: /^https?$/ }),
  mime_type: z.string().optional(),
  file_size: z.union([z.number(), z.string().regex(/^\d+$/)]).optional(),
});

class MediaGone extends Error {}

async function fetchMediaInfo(channel: WhatsAppChannel, mediaId: string) {
  const response = await fetch(`${channel.graphUrl}/${encodeURIComponent(mediaId)}`, {
    headers: { Authorization: `Bearer ${channel.accessToken}` },
    redirect: "error",
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  // Meta deletes media some 30 days after it was sent; asking again will not bring it back.
  if (response.status === 404 || response.status === 400) {
    await response.body?.cancel();
    throw new MediaGone();
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`Graph API ${response.status} for media ${mediaId}`);
  }
  const info = mediaInfoSchema.parse(await response.json());
  return { url: info.url, size: info.file_size === undefined ? null : Number(info.file_size) };
}

/** The file's bytes, read no further than the size limit; null when the link has expired. */
async function downloadMedia(
  channel: WhatsAppChannel,
  url: string,
): Promise<Uint8Array | "too-large" | null> {
  const response = await fetch(url, {
    headers: { Authorization: `Bearer ${channel.accessToken}` },
    redirect: "error",
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if ([401, 403, 404, 410].includes(response.status)) {
    await response.body?.cancel();
    return null;
  }
  if (!response.ok || !response.body) throw new Error(`media download answered ${response.status}`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > attachmentLimits.perFileBytes) {
      await reader.cancel().catch(() => undefined);
      return "too-large";
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Fetches a received image, document or voice note into the attachment
 * store as soon as it is filed: Meta's link to it lasts minutes, so an
 * expired link is asked for again once; media Meta no longer has, or over
 * the size limit, is listed as not kept. A kept file is stored as a mail's
 * attachment is (encrypted under UPLOAD_KEY when set) and waits for its
 * virus scan, queued with its row.
 */
export const whatsAppMediaJob = defineJobKind({
  kind: "whatsapp-media",
  payloadSchema: z.object({ messageId: z.uuid() }),
  async run(payload, _job, deps: { env: Env; database: DatabaseHandle }) {
    const { db } = deps.database;
    const [row] = await db.select().from(whatsappMessages).where(eq(whatsappMessages.id, payload.messageId));
    if (!row?.media_id || row.media_stored_as || row.media_not_kept_reason) return;
    const channel = deps.env.WHATSAPP;
    if (!channel) throw new Error("the WhatsApp channel is not configured");
    const notKept = async (reason: string, size: number | null = null) => {
      await db
        .update(whatsappMessages)
        .set({ media_not_kept_reason: reason, media_size: size })
        .where(eq(whatsappMessages.id, row.id));
      await announceChange(db);
    };
    let content: Uint8Array | "too-large" | null = null;
    let size: number | null = null;
    try {
      for (let attempt = 0; attempt < 2 && content === null; attempt++) {
        const info = await fetchMediaInfo(channel, row.media_id);
        size = info.size;
        if (size !== null && size > attachmentLimits.perFileBytes) return notKept("too-large", size);
        content = await downloadMedia(channel, info.url);
      }
    } catch (error) {
      if (error instanceof MediaGone) return notKept("expired");
      throw error;
    }
    if (content === null) throw new Error("the media link expired twice in a row");
    if (content === "too-large") return notKept("too-large", size);
    const kept = content;
    // The row names no file yet, so a file of its name is what a run killed between the two left behind.
    const leftover = attachmentPath(deps.env.DATA_DIR, `${row.inquiry_id}/${row.id}`);
    if (leftover) fs.rmSync(leftover, { force: true });
    // A file without its row would stop the retry's write of the same name: it goes if the row is not written.
    await removingWrittenFilesOnFailure(async () => {
      const stored = writeAttachment(
        deps.env.DATA_DIR,
        { inquiryId: row.inquiry_id, attachmentId: row.id },
        kept,
        deps.env.UPLOAD_KEY ?? null,
      );
      await db.transaction(async (tx) => {
        await tx
          .update(whatsappMessages)
          .set({
            media_stored_as: stored.storedAs,
            media_size: kept.byteLength,
            media_encrypted: stored.encrypted,
            media_scan: "pending",
          })
          .where(eq(whatsappMessages.id, row.id));
        await enqueueJob(tx, attachmentScanJob, { inquiryId: row.inquiry_id }, { inquiryId: row.inquiry_id });
        await announceChange(tx);
      });
    });
  },
});
