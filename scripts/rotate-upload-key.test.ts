import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inquiryAttachments } from "../db/schema";
import { createPgliteDataDir, createTestDatabase, testBackends } from "../tests/support/test-database";
import { attachmentPath, readAttachment } from "~/lib/conversation/attachment-files.server";
import { createReceivedMailFiler } from "~/lib/conversation/file-received-mail.server";
import { type DatabaseHandle, openDatabase } from "~/lib/db/db.server";

const TSX = path.resolve("node_modules/.bin/tsx");

/** `npm run rotate-upload-key` as the operator runs it, with the servers stopped. */
function spawnRotation(env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(TSX, ["scripts/rotate-upload-key.ts"], {
      env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "silent", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

async function read(file: string, key: Buffer | null): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of readAttachment(file, { encrypted: key !== null, key })) parts.push(part);
  return Buffer.concat(parts);
}

// The script loads the app and opens (on PGlite, boots) the database: allow time on busy machines.
describe.each(testBackends)("npm run rotate-upload-key on %s", { timeout: 180_000 }, (backend) => {
  const oldKey = crypto.randomBytes(32);
  const newKey = crypto.randomBytes(32);
  const env: Record<string, string> = {
    UPLOAD_KEY: oldKey.toString("base64"),
    NEW_UPLOAD_KEY: newKey.toString("base64"),
  };
  let dataDir: string;
  let close: () => Promise<void>;
  const files: Record<"plain" | "encrypted", { file: string; content: Buffer }> = {} as never;

  /** A lead's mail with one attachment, kept under `uploadKey` (plain when null). */
  async function fileMail(database: DatabaseHandle, name: string, uploadKey: Buffer | null) {
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
        from: { address: `${name}@buyer.example.test`, name: null },
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
      .select({ storedAs: inquiryAttachments.stored_as })
      .from(inquiryAttachments)
      .where(eq(inquiryAttachments.filename, `${name}.pdf`));
    return { file: attachmentPath(dataDir, row!.storedAs!)!, content };
  }

  beforeAll(async () => {
    let database: DatabaseHandle;
    if (backend === "pglite") {
      dataDir = createPgliteDataDir("rotate-cli-");
      database = await openDatabase({ kind: "pglite", dataDir });
      close = async () => fs.rmSync(dataDir, { recursive: true, force: true });
    } else {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rotate-cli-"));
      const scratch = await createTestDatabase("postgres");
      database = scratch;
      env.DATABASE_URL = scratch.url!;
      close = async () => {
        await scratch.dispose();
        fs.rmSync(dataDir, { recursive: true, force: true });
      };
    }
    env.DATA_DIR = dataDir;
    try {
      files.plain = await fileMail(database, "kept-before-the-key", null);
      files.encrypted = await fileMail(database, "passport", oldKey);
    } finally {
      // The script runs with the servers stopped: on PGlite it could not open the database otherwise.
      if (backend === "pglite") await database.close();
    }
  });
  afterAll(async () => {
    await close?.();
  });

  it("re-encrypts the attachments kept encrypted under the new key, and leaves one kept plain as it is", async () => {
    const plainBytes = fs.readFileSync(files.plain.file);
    const result = await spawnRotation(env);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      "1 stored files (uploads and attachments) re-encrypted under the new key",
    );
    expect(await read(files.encrypted.file, newKey)).toEqual(files.encrypted.content);
    await expect(read(files.encrypted.file, oldKey)).rejects.toThrow();
    expect(fs.readFileSync(files.plain.file)).toEqual(plainBytes);
  });
});
