import fs from "node:fs";
import { and, asc, eq, sql } from "drizzle-orm";
import { inquiryAttachments, whatsappMessages } from "~db/schema";
import type { Db } from "~/lib/db/db.server";
import type { Env } from "~/lib/env.server";
import { attachmentPath, readAttachment } from "~/lib/conversation/attachment-files.server";
import { INBOX_CHANGED_CHANNEL } from "~/lib/inquiries/inquiries.server";
import { recordEvent } from "~/lib/inquiries/timeline.server";
import { scanInTurn, scanWithClamd } from "~/lib/uploads/virus-scanner.server";

/** Where received attachments are kept and scanned; without UPLOAD_KEY the key is null and new files are plain. */
export interface AttachmentSettings {
  dataDir: string;
  key: Buffer | null;
  clamdAddress: string;
}

export function attachmentSettingsFromEnv(env: Env): AttachmentSettings {
  return { dataDir: env.DATA_DIR, key: env.UPLOAD_KEY ?? null, clamdAddress: env.CLAMD_ADDRESS };
}

/** A kept file not yet scanned: a mail's attachment, or a WhatsApp message's media (its id is the message's). */
interface WaitingFile {
  channel: "email" | "whatsapp";
  id: string;
  inquiryId: string;
  storedAs: string;
  encrypted: boolean;
}

async function waitingFiles(db: Db, inquiryId: string | undefined): Promise<WaitingFile[]> {
  const [attachments, media] = await Promise.all([
    db
      .select({
        id: inquiryAttachments.id,
        inquiryId: inquiryAttachments.inquiry_id,
        storedAs: inquiryAttachments.stored_as,
        encrypted: inquiryAttachments.encrypted,
      })
      .from(inquiryAttachments)
      .where(
        and(
          eq(inquiryAttachments.scan, "pending"),
          inquiryId ? eq(inquiryAttachments.inquiry_id, inquiryId) : undefined,
        ),
      )
      .orderBy(asc(inquiryAttachments.created_at)),
    db
      .select({
        id: whatsappMessages.id,
        inquiryId: whatsappMessages.inquiry_id,
        storedAs: whatsappMessages.media_stored_as,
        encrypted: whatsappMessages.media_encrypted,
      })
      .from(whatsappMessages)
      .where(
        and(
          eq(whatsappMessages.media_scan, "pending"),
          inquiryId ? eq(whatsappMessages.inquiry_id, inquiryId) : undefined,
        ),
      )
      .orderBy(asc(whatsappMessages.created_at)),
  ]);
  return [
    ...attachments.map((row) => ({ ...row, channel: "email" as const })),
    ...media.map((row) => ({ ...row, channel: "whatsapp" as const })),
  ].flatMap(({ storedAs, ...row }) => (storedAs ? [{ ...row, storedAs }] : []));
}

type Verdict = { scan: "clean"; signature: null } | { scan: "infected"; signature: string };

/** Records a verdict on a file still pending; false when another scan (the job's or the schedule's) came first. */
async function recordVerdict(tx: Db, waiting: WaitingFile, verdict: Verdict): Promise<boolean> {
  const updated =
    waiting.channel === "email"
      ? await tx
          .update(inquiryAttachments)
          .set({ scan: verdict.scan, scan_signature: verdict.signature, scanned_at: sql`now()` })
          .where(and(eq(inquiryAttachments.id, waiting.id), eq(inquiryAttachments.scan, "pending")))
          .returning({ id: inquiryAttachments.id })
      : await tx
          .update(whatsappMessages)
          .set({
            media_scan: verdict.scan,
            media_scan_signature: verdict.signature,
            media_scanned_at: sql`now()`,
          })
          .where(and(eq(whatsappMessages.id, waiting.id), eq(whatsappMessages.media_scan, "pending")))
          .returning({ id: whatsappMessages.id });
  if (updated.length === 0) return false;
  // An open lead page shows the link, or the refusal, in place of "being checked".
  await tx.execute(sql`select pg_notify(${INBOX_CHANGED_CHANNEL}, '')`);
  return true;
}

/**
 * Scans one waiting file, as an upload is scanned: an infected one is deleted, its row kept as the record of the
 * refusal and the desk told on the timeline. While clamd cannot be reached, or an encrypted file's key is not set,
 * the file waits.
 */
async function scanFile(
  db: Db,
  settings: AttachmentSettings,
  waiting: WaitingFile,
): Promise<"clean" | "infected" | "pending" | "unreachable" | "gone"> {
  const file = attachmentPath(settings.dataDir, waiting.storedAs);
  if (!file || !fs.existsSync(file)) return "gone";
  if (waiting.encrypted && !settings.key) return "pending";
  const content = readAttachment(file, { encrypted: waiting.encrypted, key: settings.key });
  const result = await scanWithClamd(settings.clamdAddress, content);
  if (result.verdict === "unreachable") return "unreachable";
  if (result.verdict === "unavailable") return "pending";
  if (result.verdict === "clean") {
    await recordVerdict(db, waiting, { scan: "clean", signature: null });
    return "clean";
  }
  const signature = result.signature.slice(0, 200);
  await db.transaction(async (tx) => {
    if (!(await recordVerdict(tx, waiting, { scan: "infected", signature }))) return;
    await recordEvent(tx, {
      inquiryId: waiting.inquiryId,
      kind: "attachment-refused",
      details: {
        channel: waiting.channel,
        ...(waiting.channel === "email" ? { attachmentId: waiting.id } : { messageId: waiting.id }),
        signature,
      },
    });
  });
  fs.rmSync(file, { force: true });
  return "infected";
}

/**
 * Scans the received files that wait (all, or one inquiry's), in turn; returns how many still wait. clamd streams
 * each file, and nothing is held whole in memory.
 */
export async function scanWaitingAttachments(
  db: Db,
  settings: AttachmentSettings,
  options: { inquiryId?: string } = {},
): Promise<number> {
  return scanInTurn(await waitingFiles(db, options.inquiryId), (file) => scanFile(db, settings, file));
}
