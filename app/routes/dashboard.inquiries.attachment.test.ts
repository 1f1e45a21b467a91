import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactSubmissions, inquiryAttachments, inquiryEvents, whatsappMessages } from "~db/schema";
import { signInAdminWithTotp } from "../../tests/support/admin-session";
import { type Clamd, EICAR_PDF, startClamd } from "../../tests/support/clamd";
import { insertInquiry } from "../../tests/support/desk-fixtures";
import { throughMiddleware } from "../../tests/support/route-middleware";
import { createTestApp, createTestContext } from "../../tests/support/test-context";
import { testBackends } from "../../tests/support/test-database";
import { sessionCookieName } from "~/lib/auth/auth.server";
import { attachmentPath, writeAttachment } from "~/lib/conversation/attachment-files.server";
import { attachmentScanJob } from "~/lib/conversation/attachment-scan-job.server";
import { createReceivedMailFiler } from "~/lib/conversation/file-received-mail.server";
import type { ReceivedAttachment } from "~/lib/conversation/received-mail";
import { enqueueJob } from "~/lib/jobs/job-queue.server";
import { runDueJobs } from "~/lib/jobs/job-worker.server";
import { createAccount, signInForCookie } from "~db/seed/seed.server";
import * as attachmentRoute from "~/routes/dashboard.inquiries.attachment";
import * as mediaRoute from "~/routes/dashboard.inquiries.whatsapp-media";
import * as dashboardLayout from "~/routes/dashboard.layout";

const SITE = "http://127.0.0.1:4999";
const ADMIN = { name: "Ada Admin", email: "ada@example.test", password: "admin-long-secret-12" };
const MEMBER = { name: "Max Member", email: "max@example.test", password: "member-secret-12" };
/** Markup and script a hostile sender might hope a browser renders. */
const HOSTILE = "<html><script>alert(document.cookie)</script><img src=https://tracker.example/x.gif></html>";
const MARKER = "PASSPORT-NUMBER-GB-987654321";
const PASSPORT = Buffer.from(`%PDF-1.7\n1 0 obj << /Title (${MARKER}) >> endobj\n%%EOF\n`);

const attachment = (filename: string, content: Buffer | null, size = content?.length ?? 0) =>
  ({ filename, contentType: "application/octet-stream", size, content }) satisfies ReceivedAttachment;

let clamd: Clamd;
beforeAll(async () => {
  clamd = await startClamd();
});
afterAll(async () => {
  await clamd.dispose();
});

describe.each(testBackends)("the attachment download on %s", (backend) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "attachment-route-"));
  const uploadKey = crypto.randomBytes(32);
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let adminCookie: string;
  let memberCookie: string;
  let inquiryId: string;
  let hostile: string;
  let passport: string;
  let notKept: string;

  /** Files a lead's mail with `attachments`, as the mailbox fetcher does; returns its attachments' rows by name. */
  async function fileMail(attachments: ReceivedAttachment[], options: { uploadKey?: Buffer | null } = {}) {
    const fileMail = createReceivedMailFiler({
      dataDir,
      uploadKey: options.uploadKey === undefined ? uploadKey : options.uploadKey,
      ownAddresses: [],
      acknowledge: false,
      adminEmails: [],
      siteUrl: SITE,
    });
    const messageId = `${crypto.randomUUID()}@attacker.example.test`;
    await app.db.transaction((tx) =>
      fileMail(tx, {
        mailbox: "imap://deals@imap.example.test/INBOX",
        messageId,
        inReplyTo: null,
        references: [],
        from: { address: `buyer-${messageId}`, name: "Buyer" },
        to: ["deals@voltameridian.co.uk"],
        cc: [],
        subject: "Documents",
        text: "See attached.",
        date: new Date(),
        headers: {},
        attachments,
        size: 1000,
      }),
    );
    const [inquiry] = await app.db
      .select({ id: contactSubmissions.id })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.email, `buyer-${messageId}`));
    const rows = await app.db
      .select()
      .from(inquiryAttachments)
      .where(eq(inquiryAttachments.inquiry_id, inquiry!.id));
    return { inquiryId: inquiry!.id, byName: new Map(rows.map((row) => [row.filename, row])) };
  }

  /** Runs the scans the filings queued, to the end. */
  async function runQueuedScans() {
    while ((await runDueJobs(app.db, [attachmentScanJob], app.services)) > 0) {
      // until the queue is empty
    }
  }

  beforeAll(async () => {
    app = await createTestApp(backend, {
      DATA_DIR: dataDir,
      UPLOAD_KEY: uploadKey.toString("base64"),
      CLAMD_ADDRESS: clamd.address,
    });
    await createAccount(app.db, app.services.env, { ...ADMIN, admin: true });
    ({ cookie: adminCookie } = await signInAdminWithTotp(
      app.auth,
      sessionCookieName(app.services.env),
      ADMIN,
    ));
    await createAccount(app.db, app.services.env, MEMBER);
    const member = await signInForCookie(app.db, app.services.env, MEMBER.email, MEMBER.password);
    memberCookie = `${member.name}=${member.value}`;
    const filed = await fileMail([
      attachment('invoice".html', Buffer.from(HOSTILE)),
      attachment("passport.pdf", PASSPORT),
      attachment("huge.zip", null, 50_000_000),
    ]);
    await runQueuedScans();
    inquiryId = filed.inquiryId;
    hostile = filed.byName.get('invoice".html')!.id;
    passport = filed.byName.get("passport.pdf")!.id;
    notKept = filed.byName.get("huge.zip")!.id;
  });
  afterAll(async () => {
    await app?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function download(
    cookie: string | null,
    ids: { id: string; attachmentId?: string; messageId?: string },
  ): Promise<Response> {
    const { id, attachmentId, messageId } = ids;
    const url = attachmentId
      ? `${SITE}/dashboard/inquiries/${id}/attachments/${attachmentId}`
      : `${SITE}/dashboard/inquiries/${id}/whatsapp-media/${messageId}`;
    const request = new Request(url, { headers: cookie ? { cookie } : {} });
    const context = createTestContext(app.services);
    const loader = attachmentId ? attachmentRoute.loader : mediaRoute.loader;
    try {
      return (await throughMiddleware(context, request, dashboardLayout.middleware, () =>
        loader({ request, params: ids, context } as never),
      )) as Response;
    } catch (thrown) {
      // data() thrown by the route: its status is the answer.
      const init = (thrown as { init?: { status?: number } }).init;
      return new Response(null, { status: init?.status ?? 500 });
    }
  }
  const adminDownload = (id: string, attachmentId: string) => download(adminCookie, { id, attachmentId });

  it("a mail attachment is scanned before an admin can download it: an infected one never reaches the desk", async () => {
    const filed = await fileMail([
      attachment("passport-scan.pdf", EICAR_PDF),
      attachment("statement.pdf", PASSPORT),
    ]);
    const infected = filed.byName.get("passport-scan.pdf")!;
    const clean = filed.byName.get("statement.pdf")!;
    const file = attachmentPath(dataDir, infected.stored_as!)!;
    expect(infected).toMatchObject({ scan: "pending", encrypted: true });
    expect(fs.existsSync(file)).toBe(true);
    // Filed, its scan queued, not yet run: neither file is served.
    expect((await adminDownload(filed.inquiryId, infected.id)).status).toBe(404);
    expect((await adminDownload(filed.inquiryId, clean.id)).status).toBe(404);

    await runQueuedScans();
    expect((await adminDownload(filed.inquiryId, infected.id)).status).toBe(404);
    expect(fs.existsSync(file)).toBe(false);
    const [row] = await app.db
      .select()
      .from(inquiryAttachments)
      .where(eq(inquiryAttachments.id, infected.id));
    expect(row).toMatchObject({ scan: "infected", scan_signature: "Local.Eicar-Test-File.UNOFFICIAL" });
    expect(row!.scanned_at).toBeInstanceOf(Date);
    const refusals = await app.db
      .select({ details: inquiryEvents.details })
      .from(inquiryEvents)
      .where(
        and(eq(inquiryEvents.inquiry_id, filed.inquiryId), eq(inquiryEvents.kind, "attachment-refused")),
      );
    expect(refusals.map(({ details }) => details)).toEqual([
      { channel: "email", attachmentId: infected.id, signature: "Local.Eicar-Test-File.UNOFFICIAL" },
    ]);
    // The other file of the same mail passed, and is served.
    const served = await adminDownload(filed.inquiryId, clean.id);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PASSPORT);
  });

  it("an attachment kept with UPLOAD_KEY set is not readable on disk, and downloads as the original bytes once clean", async () => {
    const [row] = await app.db.select().from(inquiryAttachments).where(eq(inquiryAttachments.id, passport));
    expect(row).toMatchObject({ encrypted: true, scan: "clean" });
    const stored = fs.readFileSync(attachmentPath(dataDir, row!.stored_as!)!);
    expect(stored.includes(MARKER)).toBe(false);
    expect(stored.includes(PASSPORT.subarray(0, 8))).toBe(false);
    const response = await adminDownload(inquiryId, passport);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe(String(PASSPORT.length));
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PASSPORT);
  });

  it("serves an admin the file as an inert download, never inline", async () => {
    const response = await adminDownload(inquiryId, hostile);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="invoice_.html"; filename\*=UTF-8''invoice%22.html$/,
    );
    // nosniff is the server's on every response (the authorization e2e checks it through the server).
    expect(response.headers.get("content-security-policy")).toMatch(/^sandbox/);
    expect(response.headers.get("content-type")).toBe("application/octet-stream");
    expect(await response.text()).toBe(HOSTILE);
  });

  it("refuses a member and an anonymous visitor", async () => {
    for (const cookie of [memberCookie, null]) {
      const response = await download(cookie, { id: inquiryId, attachmentId: hostile });
      expect(response.status).toBe(302);
      expect(await response.text()).not.toContain("script");
    }
  });

  it("has nothing for an attachment that was not kept, or asked for under another inquiry", async () => {
    expect((await adminDownload(inquiryId, notKept)).status).toBe(404);
    expect((await adminDownload("00000000-0000-4000-8000-000000000000", hostile)).status).toBe(404);
  });

  it("a clean file changed on disk fails its check and is not served", async () => {
    const filed = await fileMail([attachment("licence.pdf", PASSPORT)]);
    await runQueuedScans();
    const row = filed.byName.get("licence.pdf")!;
    const file = attachmentPath(dataDir, row.stored_as!)!;
    const stored = fs.readFileSync(file);
    stored[stored.length - 20]! ^= 0xff;
    fs.writeFileSync(file, stored);
    expect((await adminDownload(filed.inquiryId, row.id)).status).toBe(404);
  });

  it("without UPLOAD_KEY an attachment is still kept, plain, scanned, and served as sent even if it looks encrypted", async () => {
    // A hostile sender's file that starts as a stored file does: its row, not its bytes, says how it is kept.
    const lookalike = Buffer.concat([Buffer.from("VMU1"), crypto.randomBytes(60)]);
    const filed = await fileMail([attachment("VMU1.bin", lookalike)], { uploadKey: null });
    const row = filed.byName.get("VMU1.bin")!;
    expect(row).toMatchObject({ encrypted: false, scan: "pending" });
    expect(fs.readFileSync(attachmentPath(dataDir, row.stored_as!)!)).toEqual(lookalike);
    expect((await adminDownload(filed.inquiryId, row.id)).status).toBe(404);
    await runQueuedScans();
    const response = await adminDownload(filed.inquiryId, row.id);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(lookalike);
  });

  it("WhatsApp media is served only once scanned clean, decrypted", async () => {
    const lead = await insertInquiry(app.db, { email: "esi@example.test", source: "whatsapp" });
    const messageId = crypto.randomUUID();
    const stored = writeAttachment(
      dataDir,
      { inquiryId: lead, attachmentId: messageId },
      PASSPORT,
      uploadKey,
    );
    await app.db.insert(whatsappMessages).values({
      id: messageId,
      inquiry_id: lead,
      direction: "in",
      type: "document",
      media_id: "media-1",
      media_filename: "passport.pdf",
      media_stored_as: stored.storedAs,
      media_size: PASSPORT.length,
      media_encrypted: stored.encrypted,
      media_scan: "pending",
    });
    expect((await download(adminCookie, { id: lead, messageId })).status).toBe(404);
    // What the media job queues with the row.
    await enqueueJob(app.db, attachmentScanJob, { inquiryId: lead }, { inquiryId: lead });
    await runQueuedScans();
    const response = await download(adminCookie, { id: lead, messageId });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="passport.pdf"/);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PASSPORT);
    expect((await download(memberCookie, { id: lead, messageId })).status).toBe(302);
    expect((await download(adminCookie, { id: inquiryId, messageId })).status).toBe(404);
  });
});
