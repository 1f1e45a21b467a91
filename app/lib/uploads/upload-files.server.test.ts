import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  readUpload,
  rotateUploadKey,
  storedUploads,
  storeUpload,
  uploadPath,
  uploadsDir,
} from "~/lib/uploads/upload-files.server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "upload-key-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function* once(bytes: Buffer): AsyncGenerator<Buffer> {
  yield bytes;
}

async function read(file: string, key: Buffer): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of readUpload(file, key)) parts.push(part);
  return Buffer.concat(parts);
}

async function stored(key: Buffer, text: string): Promise<{ file: string; plain: Buffer }> {
  const plain = Buffer.from(`%PDF-1.7\n% ${text}\n%%EOF\n`);
  const file = uploadPath(dataDir, { inquiryId: crypto.randomUUID(), uploadId: crypto.randomUUID() });
  const outcome = await storeUpload(once(plain), { file, key, maxBytes: 1024, formats: ["pdf"] });
  expect(outcome).toMatchObject({ stored: true });
  return { file, plain };
}

describe("rotating UPLOAD_KEY", () => {
  it("re-encrypts every upload under the new key, skips them when run again, and leaves one neither key opens", async () => {
    const oldKey = crypto.randomBytes(32);
    const newKey = crypto.randomBytes(32);
    const first = await stored(oldKey, "passport");
    const second = await stored(oldKey, "statement");
    const foreign = await stored(crypto.randomBytes(32), "another key");
    const foreignBytes = fs.readFileSync(foreign.file);
    expect(storedUploads(dataDir)).toHaveLength(3);

    const rotation = await rotateUploadKey(dataDir, oldKey, newKey);
    expect(rotation).toEqual({ rotated: 2, alreadyNew: 0, unreadable: [foreign.file] });
    for (const { file, plain } of [first, second]) {
      expect(await read(file, newKey)).toEqual(plain);
      await expect(read(file, oldKey)).rejects.toThrow();
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    }
    expect(fs.readFileSync(foreign.file)).toEqual(foreignBytes);
    // Nothing but the uploads themselves is left in their directories.
    const names = fs.readdirSync(uploadsDir(dataDir), { recursive: true, withFileTypes: true });
    expect(names.filter((entry) => entry.isFile())).toHaveLength(3);

    // An interrupted rotation is run again: what the new key opens is not touched twice.
    expect(await rotateUploadKey(dataDir, oldKey, newKey)).toEqual({
      rotated: 0,
      alreadyNew: 2,
      unreadable: [foreign.file],
    });
    expect(await read(first.file, newKey)).toEqual(first.plain);
  });
});
