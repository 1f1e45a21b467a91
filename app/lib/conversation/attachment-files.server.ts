import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import { and, eq, isNotNull, ne } from "drizzle-orm";
import { inquiryAttachments, whatsappMessages } from "~db/schema";
import type { Db } from "~/lib/db/db.server";
import { ensurePrivateDir, writePrivateFile } from "~/lib/ops/private-files.server";
import { encryptWhole } from "~/lib/uploads/file-cipher.server";
import { readUpload } from "~/lib/uploads/upload-files.server";

/**
 * DATA_DIR/attachments/<inquiry id>/<attachment id>: one directory per inquiry, so erasure removes an inquiry's
 * files by its id alone. The stored name is ours, never the sender's file name.
 */
export function attachmentsDir(dataDir: string): string {
  return path.join(dataDir, "attachments");
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The path of a stored attachment, or null for a name that is not ours (no path traversal). */
export function attachmentPath(dataDir: string, storedAs: string): string | null {
  const [inquiryId, attachmentId, ...rest] = storedAs.split("/");
  if (rest.length > 0 || !inquiryId || !attachmentId || !UUID.test(inquiryId) || !UUID.test(attachmentId)) {
    return null;
  }
  return path.join(attachmentsDir(dataDir), inquiryId, attachmentId);
}

/** The files written by the filing in progress, for removal should it roll back. */
const writtenInFiling = new AsyncLocalStorage<string[]>();

/** Runs one filing so the attachment files it wrote are removed again when its transaction rolls back. */
export async function removingWrittenFilesOnFailure<T>(filing: () => Promise<T>): Promise<T> {
  const written: string[] = [];
  try {
    return await writtenInFiling.run(written, filing);
  } catch (error) {
    for (const file of written) fs.rmSync(file, { force: true });
    for (const dir of new Set(written.map((file) => path.dirname(file)))) {
      // The inquiry's directory goes too when it is left empty (a new inquiry that rolled back).
      if (fs.existsSync(dir) && fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
    }
    throw error;
  }
}

/**
 * Writes one attachment (0600, in 0700 directories), encrypted as an upload is when there is a key (decision 089).
 * Without UPLOAD_KEY it is written plain: a message the sender was told we received must not be lost for want of
 * a setting. Synchronous, so a filing's rollback knows every file it wrote. Returns its stored name and which it is.
 */
export function writeAttachment(
  dataDir: string,
  ids: { inquiryId: string; attachmentId: string },
  content: Uint8Array,
  key: Buffer | null,
): { storedAs: string; encrypted: boolean } {
  const storedAs = `${ids.inquiryId}/${ids.attachmentId}`;
  const file = attachmentPath(dataDir, storedAs);
  if (!file) throw new Error("attachment ids must be uuids");
  ensurePrivateDir(path.dirname(file), { tighten: true });
  writePrivateFile(file, key ? encryptWhole(content, key) : content, "wx");
  writtenInFiling.getStore()?.push(file);
  return { storedAs, encrypted: key !== null };
}

/**
 * A stored attachment's plaintext. Whether it is encrypted comes from its row, never from its first bytes (a sender
 * can start a file with the format's magic); an encrypted one fails before its first chunk when its tag does not
 * hold or there is no key.
 */
export async function* readAttachment(
  file: string,
  stored: { encrypted: boolean; key: Buffer | null },
): AsyncGenerator<Buffer> {
  if (!stored.encrypted) {
    yield* fs.createReadStream(file) as AsyncIterable<Buffer>;
    return;
  }
  if (!stored.key) throw new Error("the attachment is encrypted and UPLOAD_KEY is not set");
  yield* readUpload(file, stored.key);
}

/**
 * The files of the attachments and WhatsApp media recorded as encrypted and still kept, for a rotation of
 * UPLOAD_KEY. Those kept plain (before the key was set) stay plain: their rows say so.
 */
export async function encryptedAttachmentFiles(db: Db, dataDir: string): Promise<string[]> {
  const [attachments, media] = await Promise.all([
    db
      .select({ storedAs: inquiryAttachments.stored_as })
      .from(inquiryAttachments)
      .where(
        and(
          eq(inquiryAttachments.encrypted, true),
          isNotNull(inquiryAttachments.stored_as),
          ne(inquiryAttachments.scan, "infected"),
        ),
      ),
    db
      .select({ storedAs: whatsappMessages.media_stored_as })
      .from(whatsappMessages)
      .where(
        and(
          eq(whatsappMessages.media_encrypted, true),
          isNotNull(whatsappMessages.media_stored_as),
          ne(whatsappMessages.media_scan, "infected"),
        ),
      ),
  ]);
  return [...attachments, ...media]
    .map(({ storedAs }) => (storedAs ? attachmentPath(dataDir, storedAs) : null))
    .filter((file): file is string => file !== null && fs.existsSync(file));
}

/** The inquiries that have attachment directories. */
export function inquiriesWithAttachments(dataDir: string): string[] {
  const dir = attachmentsDir(dataDir);
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((name) => UUID.test(name));
}

/** Every stored name (`<inquiry>/<attachment>`) under one inquiry's directory. */
export function storedAttachmentsOf(dataDir: string, inquiryId: string): string[] {
  if (!UUID.test(inquiryId)) return [];
  const dir = path.join(attachmentsDir(dataDir), inquiryId);
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).map((name) => `${inquiryId}/${name}`);
}

/** Removes one inquiry's attachment files; returns how many there were. */
export function removeAttachmentsOf(dataDir: string, inquiryId: string): number {
  const files = storedAttachmentsOf(dataDir, inquiryId);
  if (UUID.test(inquiryId))
    fs.rmSync(path.join(attachmentsDir(dataDir), inquiryId), { recursive: true, force: true });
  return files.length;
}
