import crypto from "node:crypto";
import fs from "node:fs";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { contactSubmissions, uploads } from "~db/schema";
import { type UploadFormat, uploadLimits } from "~/content/uploads";
import { stripSingleLineControls } from "~/forms/single-line";
import type { Db } from "~/lib/db/db.server";
import type { Env } from "~/lib/env.server";
import { recordEvent } from "~/lib/inquiries/timeline.server";
import { readUpload, storeUpload, uploadPath } from "~/lib/uploads/upload-files.server";
import { scanInTurn, scanWithClamd } from "~/lib/uploads/virus-scanner.server";

/** Where uploads are kept and scanned; null without UPLOAD_KEY, when nothing may be uploaded. */
export interface UploadSettings {
  dataDir: string;
  key: Buffer;
  clamdAddress: string;
}

export function uploadSettingsFromEnv(env: Env): UploadSettings | null {
  if (!env.UPLOAD_KEY) return null;
  return { dataDir: env.DATA_DIR, key: env.UPLOAD_KEY, clamdAddress: env.CLAMD_ADDRESS };
}

type UploadProblem = "too-large" | "inquiry-full" | "format" | "empty" | "infected";

export type ReceivedUpload =
  | { received: true; uploadId: string; scan: "clean" | "pending" }
  | { received: false; problem: UploadProblem };

/** What an inquiry's files take of its limit: a refused (infected) file's bytes were deleted. */
async function bytesUsed(db: Db, inquiryId: string): Promise<number> {
  const [used] = await db
    .select({ bytes: sql<number>`coalesce(sum(${uploads.byte_size}), 0)::int` })
    .from(uploads)
    .where(and(eq(uploads.inquiry_id, inquiryId), ne(uploads.scan, "infected")));
  return used?.bytes ?? 0;
}

/** The sender's file name as shown to the desk: no path, no control or direction characters, 200 at most. */
function displayFileName(name: string): string {
  const base = stripSingleLineControls(name).split(/[\\/]/).pop()!.trim();
  return (base || "file").slice(0, 200);
}

/**
 * Takes one file for an inquiry: stored encrypted, recorded, then scanned at once. An infected file is deleted and
 * the desk told on the timeline; while clamd cannot be reached the file waits as `pending` for the scan job.
 */
export async function receiveUpload(
  db: Db,
  settings: UploadSettings,
  upload: {
    inquiryId: string;
    purpose: string;
    fileName: string;
    formats: readonly UploadFormat[];
    content: AsyncIterable<Buffer>;
  },
): Promise<ReceivedUpload> {
  const used = await bytesUsed(db, upload.inquiryId);
  const room = uploadLimits.maxInquiryBytes - used;
  const maxBytes = Math.min(uploadLimits.maxFileBytes, room);
  const uploadId = crypto.randomUUID();
  const file = uploadPath(settings.dataDir, { inquiryId: upload.inquiryId, uploadId });
  const outcome = await storeUpload(upload.content, {
    file,
    key: settings.key,
    maxBytes: Math.max(maxBytes, 0),
    formats: upload.formats,
  });
  if (!outcome.stored) {
    const problem =
      outcome.problem === "too-large" && maxBytes < uploadLimits.maxFileBytes
        ? "inquiry-full"
        : outcome.problem;
    return { received: false, problem };
  }
  let recorded: boolean;
  try {
    // Checked again under the inquiry's row lock: another upload may have finished while this one streamed.
    recorded = await db.transaction(async (tx) => {
      const [inquiry] = await tx
        .select({ id: contactSubmissions.id })
        .from(contactSubmissions)
        .where(eq(contactSubmissions.id, upload.inquiryId))
        .for("update");
      if (!inquiry) throw new Error("an upload for an inquiry that does not exist");
      if ((await bytesUsed(tx, upload.inquiryId)) + outcome.bytes > uploadLimits.maxInquiryBytes)
        return false;
      await tx.insert(uploads).values({
        id: uploadId,
        inquiry_id: upload.inquiryId,
        purpose: upload.purpose,
        file_name: displayFileName(upload.fileName),
        format: outcome.format,
        byte_size: outcome.bytes,
      });
      await recordEvent(tx, {
        inquiryId: upload.inquiryId,
        kind: "upload-received",
        details: { uploadId, format: outcome.format },
      });
      return true;
    });
  } catch (error) {
    fs.rmSync(file, { force: true });
    throw error;
  }
  if (!recorded) {
    fs.rmSync(file, { force: true });
    return { received: false, problem: "inquiry-full" };
  }
  const scan = await scanUpload(db, settings, uploadId);
  if (scan === "infected") return { received: false, problem: "infected" };
  return { received: true, uploadId, scan: scan === "clean" ? "clean" : "pending" };
}

/** Scans one pending upload; an infected one's file is deleted and the row kept as the record of the refusal. */
async function scanUpload(
  db: Db,
  settings: UploadSettings,
  uploadId: string,
): Promise<"clean" | "infected" | "pending" | "unreachable" | "gone"> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, uploadId));
  if (!row) return "gone";
  if (row.scan !== "pending") return row.scan as "clean" | "infected";
  const file = uploadPath(settings.dataDir, { inquiryId: row.inquiry_id, uploadId });
  if (!fs.existsSync(file)) return "gone";
  const result = await scanWithClamd(settings.clamdAddress, readUpload(file, settings.key));
  if (result.verdict === "unreachable") return "unreachable";
  if (result.verdict === "unavailable") return "pending";
  if (result.verdict === "clean") {
    await db
      .update(uploads)
      .set({ scan: "clean", scanned_at: sql`now()` })
      .where(and(eq(uploads.id, uploadId), eq(uploads.scan, "pending")));
    return "clean";
  }
  await db.transaction(async (tx) => {
    await tx
      .update(uploads)
      .set({ scan: "infected", scan_signature: result.signature.slice(0, 200), scanned_at: sql`now()` })
      .where(eq(uploads.id, uploadId));
    await recordEvent(tx, {
      inquiryId: row.inquiry_id,
      kind: "upload-refused",
      details: { uploadId, signature: result.signature.slice(0, 200) },
    });
  });
  fs.rmSync(file, { force: true });
  return "infected";
}

/** Scans what waits (clamd was down), in turn; returns how many are still waiting. */
export async function scanPendingUploads(db: Db, settings: UploadSettings): Promise<number> {
  const pending = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(eq(uploads.scan, "pending"))
    .orderBy(asc(uploads.created_at));
  return scanInTurn(pending, ({ id }) => scanUpload(db, settings, id));
}

/**
 * A clean upload's plaintext for one inquiry, or null: an upload of another inquiry, one not yet scanned and an
 * infected one are never served.
 */
export async function openCleanUpload(
  db: Db,
  settings: UploadSettings,
  ids: { inquiryId: string; uploadId: string },
): Promise<{ row: typeof uploads.$inferSelect; content: AsyncGenerator<Buffer> } | null> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(
      and(eq(uploads.id, ids.uploadId), eq(uploads.inquiry_id, ids.inquiryId), eq(uploads.scan, "clean")),
    );
  if (!row) return null;
  const file = uploadPath(settings.dataDir, ids);
  if (!fs.existsSync(file)) return null;
  return { row, content: readUpload(file, settings.key) };
}
