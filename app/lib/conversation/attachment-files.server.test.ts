import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { contactSubmissions, inquiryAttachments, jobs, whatsappMessages } from "~db/schema";
import { insertInquiry } from "../../../tests/support/desk-fixtures";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import {
  attachmentPath,
  encryptedAttachmentFiles,
  readAttachment,
  writeAttachment,
} from "~/lib/conversation/attachment-files.server";
import { createReceivedMailFiler } from "~/lib/conversation/file-received-mail.server";
import { rotateUploadKey } from "~/lib/uploads/upload-files.server";

async function read(file: string, stored: { encrypted: boolean; key: Buffer | null }): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of readAttachment(file, stored)) parts.push(part);
  return Buffer.concat(parts);
}

describe.each(testBackends)("rotating UPLOAD_KEY over received attachments on %s", (backend) => {
  const database = useTestDatabase(backend, [jobs, contactSubmissions]);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "attachment-key-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  /** A lead's mail with one attachment, kept under `uploadKey` (plain when null); returns the file and its bytes. */
  async function fileMail(name: string, uploadKey: Buffer | null) {
    const content = Buffer.from(`%PDF-1.7\n% ${name}\n%%EOF\n`);
    const file = createReceivedMailFiler({
      dataDir,
      uploadKey,
      ownAddresses: [],
      acknowledge: false,
      adminEmails: [],
      siteUrl: "https://site.example.test",
    });
    await database.db.transaction((tx) =>
      file(tx, {
        mailbox: "imap://deals@imap.example.test/INBOX",
        messageId: `${crypto.randomUUID()}@buyer.example.test`,
        inReplyTo: null,
        references: [],
        from: { address: "kwame@buyer.example.test", name: "Kwame" },
        to: ["deals@voltameridian.co.uk"],
        cc: [],
        subject: name,
        text: "Attached.",
        date: new Date(),
        headers: {},
        attachments: [
          { filename: `${name}.pdf`, contentType: "application/pdf", size: content.length, content },
        ],
        size: 1000,
      }),
    );
    const [row] = await database.db
      .select()
      .from(inquiryAttachments)
      .where(eq(inquiryAttachments.filename, `${name}.pdf`));
    return { file: attachmentPath(dataDir, row!.stored_as!)!, content, encrypted: row!.encrypted };
  }

  it("re-encrypts the attachments and WhatsApp media kept encrypted, and leaves those kept plain before the key as they are", async () => {
    const oldKey = crypto.randomBytes(32);
    const newKey = crypto.randomBytes(32);
    const before = await fileMail("kept-before-the-key", null);
    const passport = await fileMail("passport", oldKey);
    const lead = await insertInquiry(database.db, { email: "esi@example.test" });
    const messageId = crypto.randomUUID();
    const voiceNote = Buffer.from("OggS voice note");
    const media = writeAttachment(dataDir, { inquiryId: lead, attachmentId: messageId }, voiceNote, oldKey);
    await database.db.insert(whatsappMessages).values({
      id: messageId,
      inquiry_id: lead,
      direction: "in",
      type: "audio",
      media_stored_as: media.storedAs,
      media_encrypted: media.encrypted,
      media_scan: "clean",
    });
    const plainBytes = fs.readFileSync(before.file);
    expect(before.encrypted).toBe(false);
    expect(passport.encrypted).toBe(true);

    const encrypted = await encryptedAttachmentFiles(database.db, dataDir);
    const mediaFile = attachmentPath(dataDir, media.storedAs)!;
    expect(encrypted.sort()).toEqual([passport.file, mediaFile].sort());
    expect(await rotateUploadKey(dataDir, oldKey, newKey, encrypted)).toEqual({
      rotated: 2,
      alreadyNew: 0,
      unreadable: [],
    });
    expect(await read(passport.file, { encrypted: true, key: newKey })).toEqual(passport.content);
    await expect(read(passport.file, { encrypted: true, key: oldKey })).rejects.toThrow();
    expect(await read(mediaFile, { encrypted: true, key: newKey })).toEqual(voiceNote);
    expect(fs.statSync(passport.file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(before.file)).toEqual(plainBytes);
    // Nothing but the attachments themselves is left beside them.
    expect(fs.readdirSync(path.dirname(passport.file))).toEqual([path.basename(passport.file)]);

    // Run again after an interruption: what the new key opens is not touched twice.
    expect(await rotateUploadKey(dataDir, oldKey, newKey, encrypted)).toEqual({
      rotated: 0,
      alreadyNew: 2,
      unreadable: [],
    });
  });
});
