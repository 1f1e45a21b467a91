import fs from "node:fs";
import { and, eq } from "drizzle-orm";
import { inquiryAttachments, whatsappMessages } from "~db/schema";
import type { Db } from "~/lib/db/db.server";
import { attachmentPath, readAttachment } from "~/lib/conversation/attachment-files.server";
import type { AttachmentSettings } from "~/lib/conversation/attachment-scans.server";
import { logger } from "~/lib/ops/logger.server";
import { plaintextBytes } from "~/lib/uploads/file-cipher.server";

/** A received file the scanner passed, ready to send: its plaintext, already proven when it was encrypted. */
interface CleanFile {
  filename: string;
  bytes: number;
  content: AsyncIterable<Buffer>;
}

/**
 * The file's plaintext, or null. The first chunk is read before anything is sent: an encrypted file proves its tag
 * there (readUpload), so one changed on disk is refused with a 404 rather than cut off after a 200.
 */
async function openStored(
  settings: AttachmentSettings,
  stored: { storedAs: string; encrypted: boolean; filename: string },
): Promise<CleanFile | null> {
  const file = attachmentPath(settings.dataDir, stored.storedAs);
  if (!file || !fs.existsSync(file)) return null;
  const size = fs.statSync(file).size;
  const content = readAttachment(file, { encrypted: stored.encrypted, key: settings.key });
  let first: IteratorResult<Buffer>;
  try {
    first = await content.next();
  } catch (error) {
    logger.warn(
      { err: error, storedAs: stored.storedAs },
      "a stored attachment could not be read: not served",
    );
    return null;
  }
  async function* whole(): AsyncGenerator<Buffer> {
    if (first.done) return;
    yield first.value;
    yield* content;
  }
  return {
    filename: stored.filename,
    bytes: stored.encrypted ? plaintextBytes(size) : size,
    content: whole(),
  };
}

/** A mail attachment of the inquiry that the scanner passed; null for any other (pending, infected, not kept). */
export async function openCleanAttachment(
  db: Db,
  settings: AttachmentSettings,
  ids: { inquiryId: string; attachmentId: string },
): Promise<CleanFile | null> {
  const [row] = await db
    .select({
      filename: inquiryAttachments.filename,
      storedAs: inquiryAttachments.stored_as,
      encrypted: inquiryAttachments.encrypted,
    })
    .from(inquiryAttachments)
    .where(
      and(
        eq(inquiryAttachments.id, ids.attachmentId),
        eq(inquiryAttachments.inquiry_id, ids.inquiryId),
        eq(inquiryAttachments.scan, "clean"),
      ),
    );
  if (!row?.storedAs) return null;
  return openStored(settings, { ...row, storedAs: row.storedAs });
}

/** The media of a WhatsApp message of the inquiry that the scanner passed; null otherwise. */
export async function openCleanMedia(
  db: Db,
  settings: AttachmentSettings,
  ids: { inquiryId: string; messageId: string },
): Promise<CleanFile | null> {
  const [row] = await db
    .select({
      storedAs: whatsappMessages.media_stored_as,
      encrypted: whatsappMessages.media_encrypted,
      filename: whatsappMessages.media_filename,
      type: whatsappMessages.type,
    })
    .from(whatsappMessages)
    .where(
      and(
        eq(whatsappMessages.id, ids.messageId),
        eq(whatsappMessages.inquiry_id, ids.inquiryId),
        eq(whatsappMessages.media_scan, "clean"),
      ),
    );
  if (!row?.storedAs) return null;
  return openStored(settings, {
    storedAs: row.storedAs,
    encrypted: row.encrypted,
    filename: row.filename || `whatsapp-${row.type}`,
  });
}
