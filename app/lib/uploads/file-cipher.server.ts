import crypto from "node:crypto";
import fs from "node:fs";
import { Transform, type TransformCallback } from "node:stream";

/**
 * Stored uploads are AES-256-GCM, streamed: `VMU1`, the 12-byte nonce, the ciphertext, the 16-byte tag. The key
 * is a setting (UPLOAD_KEY), never in DATA_DIR or a backup (docs/decisions/089-one-upload-pipeline.md).
 */
const MAGIC = Buffer.from("VMU1");
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + NONCE_BYTES;

/** Plaintext in, the stored form out; the tag follows the last block. */
export function createEncryptingStream(key: Buffer): Transform {
  const nonce = crypto.randomBytes(NONCE_BYTES);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, nonce);
  let headerSent = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (!headerSent) {
        this.push(Buffer.concat([MAGIC, nonce]));
        headerSent = true;
      }
      callback(null, cipher.update(chunk));
    },
    flush(callback: TransformCallback) {
      if (!headerSent) this.push(Buffer.concat([MAGIC, nonce]));
      this.push(cipher.final());
      callback(null, cipher.getAuthTag());
    },
  });
}

/**
 * The stored form of content already whole in memory, in one synchronous step: for a file written inside a
 * filing that must not wait on a stream (a received mail's attachment). The same format as the stream's.
 */
export function encryptWhole(content: Uint8Array, key: Buffer): Buffer {
  const nonce = crypto.randomBytes(NONCE_BYTES);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, nonce);
  const body = Buffer.concat([cipher.update(content), cipher.final()]);
  return Buffer.concat([MAGIC, nonce, body, cipher.getAuthTag()]);
}

/** How many bytes of plaintext a stored file of `storedBytes` holds. */
export function plaintextBytes(storedBytes: number): number {
  return Math.max(storedBytes - HEADER_BYTES - TAG_BYTES, 0);
}

class StoredFileError extends Error {
  override name = "StoredFileError";
}

/**
 * The plaintext of a stored file as a stream. The tag is read first, so a file changed on disk ends the stream
 * with an error instead of completing; callers must treat a stream that errors as no file.
 */
export function openDecryptingStream(file: string, key: Buffer): NodeJS.ReadableStream {
  const size = fs.statSync(file).size;
  if (size < HEADER_BYTES + TAG_BYTES) throw new StoredFileError("stored file is too short");
  const fd = fs.openSync(file, "r");
  try {
    const head = Buffer.alloc(HEADER_BYTES);
    fs.readSync(fd, head, 0, HEADER_BYTES, 0);
    if (!head.subarray(0, MAGIC.length).equals(MAGIC)) throw new StoredFileError("not a stored upload");
    const tag = Buffer.alloc(TAG_BYTES);
    fs.readSync(fd, tag, 0, TAG_BYTES, size - TAG_BYTES);
    const decipher = crypto.createDecipheriv("aes-256-gcm", key, head.subarray(MAGIC.length));
    decipher.setAuthTag(tag);
    const body = fs.createReadStream("", { fd, start: HEADER_BYTES, end: size - TAG_BYTES - 1 });
    body.on("error", (error) => decipher.destroy(error));
    return body.pipe(decipher);
  } catch (error) {
    fs.closeSync(fd);
    throw error;
  }
}
