import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import { fileTypeFromBuffer } from "file-type";
import { type UploadFormat, uploadFormats } from "~/content/uploads";
import { ensurePrivateDir, PRIVATE_FILE_MODE } from "~/lib/ops/private-files.server";
import { createEncryptingStream, openDecryptingStream } from "~/lib/uploads/file-cipher.server";

/**
 * DATA_DIR/uploads/<inquiry id>/<upload id>: names are ours (uuids), never the sender's file name, so a name
 * cannot reach another path; erasure removes an inquiry's files by its id alone.
 */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, "uploads");
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The path of one stored upload; throws for ids that are not uuids. */
export function uploadPath(dataDir: string, ids: { inquiryId: string; uploadId: string }): string {
  if (!UUID.test(ids.inquiryId) || !UUID.test(ids.uploadId)) throw new Error("upload ids must be uuids");
  return path.join(uploadsDir(dataDir), ids.inquiryId, ids.uploadId);
}

/** file-type reads at most this much of a file's start. */
const SNIFF_BYTES = 4100;

export type StoreOutcome =
  | { stored: true; bytes: number; format: UploadFormat }
  | { stored: false; problem: "too-large" | "format" | "empty" };

/** A file whose first bytes named an accepted format: its bytes as they come, cut off after `maxBytes`. */
interface OpenedUpload {
  opened: true;
  format: UploadFormat;
  content: AsyncGenerator<Buffer>;
  /** After `content` ended: the bytes given out, and whether the file went past `maxBytes`. */
  read(): { bytes: number; tooLarge: boolean };
  /** Reads and drops what is left, so the form's other parts still arrive. */
  drain(): Promise<void>;
}

/**
 * Every received file starts here: the first bytes decide the format (the name and the browser's word are never
 * believed), then the rest is handed on as it comes and cut off at `maxBytes`. A refused file is read to its end.
 */
export async function openUpload(
  source: AsyncIterable<Buffer>,
  options: { maxBytes: number; formats: readonly UploadFormat[] },
): Promise<OpenedUpload | { opened: false; problem: "too-large" | "format" | "empty" }> {
  const iterator = source[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    headBytes += next.value.length;
  }
  const drain = async () => {
    if (!ended) for (let next = await iterator.next(); !next.done; next = await iterator.next());
    ended = true;
  };
  if (headBytes === 0) return { opened: false, problem: "empty" };
  if (headBytes > options.maxBytes) {
    await drain();
    return { opened: false, problem: "too-large" };
  }
  const format = await formatOf(Buffer.concat(head), options.formats);
  if (!format) {
    await drain();
    return { opened: false, problem: "format" };
  }
  let bytes = 0;
  let tooLarge = false;
  async function* content(): AsyncGenerator<Buffer> {
    for (const chunk of head) {
      bytes += chunk.length;
      yield chunk;
    }
    if (ended) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      bytes += next.value.length;
      if (bytes > options.maxBytes) {
        tooLarge = true;
        return;
      }
      yield next.value;
    }
    ended = true;
  }
  return { opened: true, format, content: content(), read: () => ({ bytes, tooLarge }), drain };
}

/**
 * Reads `source` once through `openUpload`, encrypting it to `file` (0600, in 0700 directories) as it comes. A file
 * over `maxBytes` is cut off there and removed.
 */
export async function storeUpload(
  source: AsyncIterable<Buffer>,
  options: { file: string; key: Buffer; maxBytes: number; formats: readonly UploadFormat[] },
): Promise<StoreOutcome> {
  const upload = await openUpload(source, options);
  if (!upload.opened) return { stored: false, problem: upload.problem };
  ensurePrivateDir(path.dirname(options.file), { tighten: true });
  const output = fs.createWriteStream(options.file, { mode: PRIVATE_FILE_MODE, flags: "wx" });
  try {
    await pipeline(Readable.from(upload.content), createEncryptingStream(options.key), output);
  } catch (error) {
    fs.rmSync(options.file, { force: true });
    throw error;
  }
  const { bytes, tooLarge } = upload.read();
  if (tooLarge) {
    fs.rmSync(options.file, { force: true });
    await upload.drain();
    return { stored: false, problem: "too-large" };
  }
  return { stored: true, bytes, format: upload.format };
}

async function formatOf(head: Buffer, formats: readonly UploadFormat[]): Promise<UploadFormat | null> {
  const detected = await fileTypeFromBuffer(head);
  if (!detected) return null;
  return formats.find((format) => uploadFormats[format].mime === detected.mime) ?? null;
}

/**
 * A stored upload's plaintext, chunk by chunk; throws before the first chunk when the file was changed or the key
 * is wrong. GCM proves the bytes only at the end, so the file is read through once before any byte is given out.
 */
export async function* readUpload(file: string, key: Buffer): AsyncGenerator<Buffer> {
  for await (const _chunk of openDecryptingStream(file, key) as AsyncIterable<Buffer>) {
    // Read for the tag's check only.
  }
  const stream = openDecryptingStream(file, key);
  for await (const chunk of stream as AsyncIterable<Buffer>) yield chunk;
}

/** Removes the files of one inquiry's upload directory but those named in `keep`, and the directory once empty. */
export function removeUploadsOf(
  dataDir: string,
  inquiryId: string,
  keep: ReadonlySet<string> = new Set(),
): number {
  if (!UUID.test(inquiryId)) return 0;
  const dir = path.join(uploadsDir(dataDir), inquiryId);
  if (!fs.existsSync(dir)) return 0;
  const gone = fs.readdirSync(dir).filter((name) => !keep.has(name));
  for (const name of gone) fs.rmSync(path.join(dir, name), { force: true });
  if (fs.readdirSync(dir).length === 0) fs.rmSync(dir, { recursive: true, force: true });
  return gone.length;
}

export interface KeyRotation {
  rotated: number;
  /** Files already under the new key: an interrupted rotation run again. */
  alreadyNew: number;
  /** Files neither key opens (changed on disk, or under a third key): left as they are. */
  unreadable: string[];
}

/**
 * Every uploaded file under DATA_DIR, as `<inquiry>/<upload>`. They stay encrypted in a backup; UPLOAD_KEY is never
 * in it (decision 089), so a restore opens them only where the key is supplied. Only uuids are uploads: the
 * temporary file of an interrupted key rotation is not one.
 */
export function storedUploads(dataDir: string): string[] {
  const root = uploadsDir(dataDir);
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root)
    .filter((inquiry) => UUID.test(inquiry))
    .flatMap((inquiry) => {
      try {
        return fs
          .readdirSync(path.join(root, inquiry))
          .filter((name) => UUID.test(name))
          .map((name) => `${inquiry}/${name}`);
      } catch {
        // Not a directory, or erased with its inquiry since the listing.
        return [];
      }
    });
}

async function opensWith(file: string, key: Buffer): Promise<boolean> {
  try {
    for await (const _chunk of openDecryptingStream(file, key) as AsyncIterable<Buffer>) {
      // Read to the end: GCM proves the key and the bytes only there.
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * Re-encrypts every stored upload from `oldKey` to `newKey`, with the received attachments' files named in
 * `attachmentFiles` (those their rows record as encrypted), one file at a time: the new form is written beside the
 * file, synced, then renamed over it, so a file is always whole under one key or the other. Run again after an
 * interruption, it skips what the new key already opens. The servers must be stopped: they hold the old key.
 */
export async function rotateUploadKey(
  dataDir: string,
  oldKey: Buffer,
  newKey: Buffer,
  attachmentFiles: readonly string[] = [],
): Promise<KeyRotation> {
  const outcome: KeyRotation = { rotated: 0, alreadyNew: 0, unreadable: [] };
  const uploads = storedUploads(dataDir).map((stored) => path.join(uploadsDir(dataDir), stored));
  for (const file of [...uploads, ...attachmentFiles]) {
    if (!(await opensWith(file, oldKey))) {
      if (await opensWith(file, newKey)) outcome.alreadyNew += 1;
      else outcome.unreadable.push(file);
      continue;
    }
    const next = `${file}.rotating`;
    const output = fs.createWriteStream(next, { mode: PRIVATE_FILE_MODE });
    try {
      await pipeline(openDecryptingStream(file, oldKey), createEncryptingStream(newKey), output);
      const fd = fs.openSync(next, "r");
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      fs.renameSync(next, file);
    } catch (error) {
      fs.rmSync(next, { force: true });
      throw error;
    }
    outcome.rotated += 1;
  }
  return outcome;
}
