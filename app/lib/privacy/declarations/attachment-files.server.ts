import fs from "node:fs";
import { inArray } from "drizzle-orm";
import { contactSubmissions, inquiryAttachments, whatsappMessages } from "~db/schema";
import type { Db } from "~/lib/db/db.server";
import {
  attachmentPath,
  inquiriesWithAttachments,
  removeAttachmentsOf,
  storedAttachmentsOf,
} from "~/lib/conversation/attachment-files.server";
import type { FileDeclaration } from "~/lib/privacy/declarations/types";
import { plaintextBytes } from "~/lib/uploads/file-cipher.server";

/** The stored names of `stored` that their rows record as encrypted (under UPLOAD_KEY, decision 089). */
async function encryptedOf(db: Db, stored: string[]): Promise<Set<string | null>> {
  if (stored.length === 0) return new Set();
  const [attachments, media] = await Promise.all([
    db
      .select({ storedAs: inquiryAttachments.stored_as, encrypted: inquiryAttachments.encrypted })
      .from(inquiryAttachments)
      .where(inArray(inquiryAttachments.stored_as, stored)),
    db
      .select({ storedAs: whatsappMessages.media_stored_as, encrypted: whatsappMessages.media_encrypted })
      .from(whatsappMessages)
      .where(inArray(whatsappMessages.media_stored_as, stored)),
  ]);
  return new Set([...attachments, ...media].filter((row) => row.encrypted).map((row) => row.storedAs));
}

/** A file without its row this long is an orphan (its transaction rolled back), not one being filed. */
const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;

/** One directory per inquiry: the files follow their inquiry's rows, after those commit. */
export const attachmentFilesDeclaration: FileDeclaration = {
  name: "attachment files",
  where: "DATA_DIR/attachments/<inquiry>/<attachment>",
  writtenBy: [
    "app/lib/conversation/attachment-files.server.ts",
    "app/lib/conversation/received-mail-effects.server.ts",
    "app/lib/whatsapp/media.server.ts",
    // A rotation of UPLOAD_KEY writes the encrypted ones anew, each beside itself, renamed over it.
    "app/lib/uploads/upload-files.server.ts",
  ],
  personal: true,
  exportAs: "attachmentFiles",
  label:
    "Attachment files, of emails and WhatsApp messages (kept on the server, encrypted where it says so; their names and sizes are listed under attachments and WhatsApp messages)",
  // Each file's size is its content's, whether or not it is kept encrypted.
  async find(db, subject, dirs) {
    const dataDir = dirs.dataDir;
    if (!dataDir) return [];
    const stored = subject.inquiryIds.flatMap((id) => storedAttachmentsOf(dataDir, id));
    const encrypted = await encryptedOf(db, stored);
    return stored.map((storedAs) => {
      const bytes = fs.statSync(attachmentPath(dataDir, storedAs)!).size;
      const isEncrypted = encrypted.has(storedAs);
      return {
        file: storedAs,
        bytes: isEncrypted ? plaintextBytes(bytes) : bytes,
        encrypted: isEncrypted,
      };
    });
  },
  async erase(_tx, subject, dirs) {
    const dataDir = dirs.dataDir;
    if (!dataDir) return 0;
    return subject.inquiryIds.reduce((total, id) => total + removeAttachmentsOf(dataDir, id), 0);
  },
  retention: {
    kind: "own",
    // With the inquiry: its rows expire by these periods, and its files follow.
    periods: ["inquiryMonths", "spamDays"],
    async apply(db, { now, dirs }) {
      const dataDir = dirs.dataDir;
      if (!dataDir) return 0;
      const ids = inquiriesWithAttachments(dataDir);
      if (ids.length === 0) return 0;
      const living = new Set(
        (
          await db
            .select({ id: contactSubmissions.id })
            .from(contactSubmissions)
            .where(inArray(contactSubmissions.id, ids))
        ).map((row) => row.id),
      );
      let removed = 0;
      for (const id of ids) {
        if (!living.has(id)) {
          removed += removeAttachmentsOf(dataDir, id);
          continue;
        }
        const stored = storedAttachmentsOf(dataDir, id);
        const known = new Set([
          ...(
            await db
              .select({ storedAs: inquiryAttachments.stored_as })
              .from(inquiryAttachments)
              .where(inArray(inquiryAttachments.stored_as, stored))
          ).map((row) => row.storedAs),
          // WhatsApp media is kept in the same store, listed on its message.
          ...(
            await db
              .select({ storedAs: whatsappMessages.media_stored_as })
              .from(whatsappMessages)
              .where(inArray(whatsappMessages.media_stored_as, stored))
          ).map((row) => row.storedAs),
        ]);
        for (const storedAs of stored) {
          const file = attachmentPath(dataDir, storedAs)!;
          if (known.has(storedAs) || now.getTime() - fs.statSync(file).mtimeMs < ORPHAN_GRACE_MS) continue;
          fs.rmSync(file, { force: true });
          removed += 1;
        }
      }
      return removed;
    },
  },
};
