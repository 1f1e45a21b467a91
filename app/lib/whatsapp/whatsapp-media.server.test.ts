import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachmentLimits } from "~/content/attachment-limits";
import { contactSubmissions, jobs, whatsappDeliveries, whatsappMessages } from "~db/schema";
import { attachmentPath } from "~/lib/conversation/attachment-files.server";
import { runDueJobs } from "~/lib/jobs/job-worker.server";
import { whatsAppMediaJob } from "~/lib/whatsapp/media.server";
import { whatsAppSendJob } from "~/lib/whatsapp/outgoing.server";
import { whatsAppDeliveryJob } from "~/lib/whatsapp/whatsapp-intake.server";
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

describe.each(testBackends)("WhatsApp media on %s", (backend) => {
  const database = useTestDatabase(backend, [whatsappMessages, whatsappDeliveries, jobs, contactSubmissions]);
  let graph: Awaited<ReturnType<typeof startFakeGraphApi>>;
  let env: ReturnType<typeof testEnvWithWhatsApp>;
  let webhook: Awaited<ReturnType<typeof startWebhookServer>>;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "whatsapp-media-"));
    graph = await startFakeGraphApi();
    env = testEnvWithWhatsApp(graph.url, { DATA_DIR: dataDir });
    webhook = await startWebhookServer(database, env);
  });
  afterAll(async () => {
    await webhook?.close();
    await graph?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

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
    expect(fs.readFileSync(file)).toEqual(bytes);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
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
