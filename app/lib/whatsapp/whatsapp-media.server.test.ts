import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachmentLimits } from "~/content/attachment-limits";
import { contactSubmissions, inquiryEvents, jobs, whatsappDeliveries, whatsappMessages } from "~db/schema";
import { attachmentPath, readAttachment } from "~/lib/conversation/attachment-files.server";
import { openCleanMedia } from "~/lib/conversation/attachment-downloads.server";
import { attachmentScanJob } from "~/lib/conversation/attachment-scan-job.server";
import { attachmentSettingsFromEnv } from "~/lib/conversation/attachment-scans.server";
import { runDueJobs } from "~/lib/jobs/job-worker.server";
import { whatsAppMediaJob } from "~/lib/whatsapp/media.server";
import { whatsAppSendJob } from "~/lib/whatsapp/outgoing.server";
import { whatsAppDeliveryJob } from "~/lib/whatsapp/whatsapp-intake.server";
import { type Clamd, EICAR_PDF, startClamd } from "../../../tests/support/clamd";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import {
  mediaMessage,
  messagesDelivery,
  postDelivery,
  startFakeGraphApi,
  startWebhookServer,
  testEnvWithWhatsApp,
} from "../../../tests/support/whatsapp-meta";

let clamd: Clamd;
beforeAll(async () => {
  clamd = await startClamd();
});
afterAll(async () => {
  await clamd.dispose();
});

async function collect(source: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of source) parts.push(part);
  return Buffer.concat(parts);
}

describe.each(testBackends)("WhatsApp media on %s", (backend) => {
  const database = useTestDatabase(backend, [whatsappMessages, whatsappDeliveries, jobs, contactSubmissions]);
  let graph: Awaited<ReturnType<typeof startFakeGraphApi>>;
  let env: ReturnType<typeof testEnvWithWhatsApp>;
  let webhook: Awaited<ReturnType<typeof startWebhookServer>>;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "whatsapp-media-"));
    graph = await startFakeGraphApi();
    env = testEnvWithWhatsApp(graph.url, {
      DATA_DIR: dataDir,
      UPLOAD_KEY: crypto.randomBytes(32).toString("base64"),
      CLAMD_ADDRESS: clamd.address,
    });
    webhook = await startWebhookServer(database, env);
  });
  afterAll(async () => {
    await webhook?.close();
    await graph?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Runs the scans the media job queued with its rows, to the end. */
  async function runQueuedScans() {
    while ((await runDueJobs(database.db, [attachmentScanJob], { env, database })) > 0) {
      // until the queue is empty
    }
  }

  async function receive(wamid: string, mediaId: string) {
    const from = "233201330001";
    await postDelivery(
      webhook.url,
      messagesDelivery({ waId: from, name: "Esi" }, [
        mediaMessage(wamid, from, "document", {
          id: mediaId,
          mime_type: "application/pdf",
          filename: "assay.pdf",
        }),
      ]),
    );
    const kinds = [whatsAppDeliveryJob, whatsAppSendJob, whatsAppMediaJob];
    while ((await runDueJobs(database.db, kinds, { env, database })) > 0) {
      // until the queue is empty
    }
    const [row] = await database.db.select().from(whatsappMessages).where(eq(whatsappMessages.wamid, wamid));
    return row!;
  }

  it("media is downloaded into the attachment store at filing; an expired link is asked for again", async () => {
    const bytes = Buffer.from("%PDF-1.7 assay certificate");
    graph.media.set("media-pdf-1", { bytes, mimeType: "application/pdf" });
    graph.mediaState.expireLinks = 1;
    const row = await receive("wamid.MEDIA1", "media-pdf-1");
    expect(row).toMatchObject({ media_size: bytes.length, media_not_kept_reason: null });
    expect(graph.mediaState.downloads).toBe(2);
    const file = attachmentPath(dataDir, row.media_stored_as!)!;
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(await collect(readAttachment(file, { encrypted: true, key: env.UPLOAD_KEY! }))).toEqual(bytes);
  });

  it("WhatsApp media is kept encrypted and scanned before an admin can download it: an infected file is deleted", async () => {
    const passport = Buffer.from("%PDF-1.7 PASSPORT-GH-G0123456");
    graph.media.set("media-passport", { bytes: passport, mimeType: "application/pdf" });
    graph.media.set("media-eicar", { bytes: EICAR_PDF, mimeType: "application/pdf" });
    const clean = await receive("wamid.MEDIA4", "media-passport");
    const infected = await receive("wamid.MEDIA5", "media-eicar");
    const settings = attachmentSettingsFromEnv(env);
    const open = (row: typeof clean) =>
      openCleanMedia(database.db, settings, { inquiryId: row.inquiry_id, messageId: row.id });
    for (const row of [clean, infected]) {
      expect(row).toMatchObject({ media_encrypted: true, media_scan: "pending" });
      expect(fs.readFileSync(attachmentPath(dataDir, row.media_stored_as!)!).includes("PASSPORT")).toBe(
        false,
      );
      // Kept, its scan queued, not yet run: not served.
      expect(await open(row)).toBeNull();
    }

    await runQueuedScans();
    expect(await collect((await open(clean))!.content)).toEqual(passport);
    expect(await open(infected)).toBeNull();
    expect(fs.existsSync(attachmentPath(dataDir, infected.media_stored_as!)!)).toBe(false);
    const [refused] = await database.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.id, infected.id));
    expect(refused).toMatchObject({
      media_scan: "infected",
      media_scan_signature: "Local.Eicar-Test-File.UNOFFICIAL",
    });
    const events = await database.db
      .select({ details: inquiryEvents.details })
      .from(inquiryEvents)
      .where(
        and(eq(inquiryEvents.inquiry_id, infected.inquiry_id), eq(inquiryEvents.kind, "attachment-refused")),
      );
    expect(events.map(({ details }) => details)).toEqual([
      { channel: "whatsapp", messageId: infected.id, signature: "Local.Eicar-Test-File.UNOFFICIAL" },
    ]);
  });

  it("a media file left by a run killed before its row was written is replaced on the retry, never a reason to fail for good", async () => {
    const bytes = Buffer.from("%PDF-1.7 small-scale mining licence");
    graph.media.set("media-after-crash", { bytes, mimeType: "application/pdf" });
    const from = "233201330001";
    await postDelivery(
      webhook.url,
      messagesDelivery({ waId: from, name: "Esi" }, [
        mediaMessage("wamid.MEDIA9", from, "document", {
          id: "media-after-crash",
          mime_type: "application/pdf",
          filename: "licence.pdf",
        }),
      ]),
    );
    while ((await runDueJobs(database.db, [whatsAppDeliveryJob], { env, database })) > 0) {
      // filed, its media job queued and not yet run
    }
    const [filed] = await database.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.wamid, "wamid.MEDIA9"));
    // What a process killed between the file's write and its row's update leaves behind.
    const orphan = attachmentPath(dataDir, `${filed!.inquiry_id}/${filed!.id}`)!;
    fs.mkdirSync(path.dirname(orphan), { recursive: true });
    fs.writeFileSync(orphan, "half of an earlier run");

    expect(await runDueJobs(database.db, [whatsAppMediaJob], { env, database })).toBe(1);
    const [kept] = await database.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.id, filed!.id));
    expect(kept).toMatchObject({ media_size: bytes.length, media_encrypted: true, media_scan: "pending" });
    const file = attachmentPath(dataDir, kept!.media_stored_as!)!;
    expect(await collect(readAttachment(file, { encrypted: true, key: env.UPLOAD_KEY! }))).toEqual(bytes);
  });

  it("media Meta no longer has is listed as expired, and one over the size limit as too large: neither is kept", async () => {
    const gone = await receive("wamid.MEDIA2", "media-gone");
    expect(gone).toMatchObject({ media_stored_as: null, media_not_kept_reason: "expired" });
    graph.media.set("media-big", {
      bytes: Buffer.alloc(attachmentLimits.perFileBytes + 1),
      mimeType: "application/pdf",
    });
    const big = await receive("wamid.MEDIA3", "media-big");
    expect(big).toMatchObject({ media_stored_as: null, media_not_kept_reason: "too-large" });
  });
});
