import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactSubmissions, inquiryAttachments } from "~db/schema";
import { signInAdminWithTotp } from "../../tests/support/admin-session";
import { throughMiddleware } from "../../tests/support/route-middleware";
import { createTestApp, createTestContext } from "../../tests/support/test-context";
import { testBackends } from "../../tests/support/test-database";
import { sessionCookieName } from "~/lib/auth/auth.server";
import { createReceivedMailFiler } from "~/lib/conversation/file-received-mail.server";
import { createAccount, signInForCookie } from "~db/seed/seed.server";
import * as attachmentRoute from "~/routes/dashboard.inquiries.attachment";
import * as dashboardLayout from "~/routes/dashboard.layout";

const ADMIN = { name: "Ada Admin", email: "ada@example.test", password: "admin-long-secret-12" };
const MEMBER = { name: "Max Member", email: "max@example.test", password: "member-secret-12" };
/** Markup and script a hostile sender might hope a browser renders. */
const HOSTILE = "<html><script>alert(document.cookie)</script><img src=https://tracker.example/x.gif></html>";

describe.each(testBackends)("the attachment download on %s", (backend) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "attachment-route-"));
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let adminCookie: string;
  let memberCookie: string;
  let inquiryId: string;
  let kept: string;
  let notKept: string;

  beforeAll(async () => {
    app = await createTestApp(backend, { DATA_DIR: dataDir });
    await createAccount(app.db, app.services.env, { ...ADMIN, admin: true });
    ({ cookie: adminCookie } = await signInAdminWithTotp(
      app.auth,
      sessionCookieName(app.services.env),
      ADMIN,
    ));
    await createAccount(app.db, app.services.env, MEMBER);
    const member = await signInForCookie(app.db, app.services.env, MEMBER.email, MEMBER.password);
    memberCookie = `${member.name}=${member.value}`;
    const fileMail = createReceivedMailFiler({
      dataDir,
      ownAddresses: [],
      acknowledge: false,
      adminEmails: [],
      siteUrl: "http://127.0.0.1:4999",
    });
    await app.db.transaction((tx) =>
      fileMail(tx, {
        mailbox: "imap://deals@imap.example.test/INBOX",
        messageId: "hostile.1@attacker.example.test",
        inReplyTo: null,
        references: [],
        from: { address: "buyer@attacker.example.test", name: "Buyer" },
        to: ["deals@voltameridian.co.uk"],
        cc: [],
        subject: "Invoice",
        text: "See attached.",
        date: new Date(),
        headers: {},
        attachments: [
          {
            filename: 'invoice".html',
            contentType: "text/html",
            size: HOSTILE.length,
            content: Buffer.from(HOSTILE),
          },
          { filename: "huge.zip", contentType: "application/zip", size: 50_000_000, content: null },
        ],
        size: 1000,
      }),
    );
    const [inquiry] = await app.db.select({ id: contactSubmissions.id }).from(contactSubmissions);
    inquiryId = inquiry!.id;
    const rows = await app.db
      .select()
      .from(inquiryAttachments)
      .where(eq(inquiryAttachments.inquiry_id, inquiryId));
    kept = rows.find((row) => row.stored_as !== null)!.id;
    notKept = rows.find((row) => row.stored_as === null)!.id;
  });
  afterAll(async () => {
    await app?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function download(cookie: string | null, attachmentId: string, id = inquiryId) {
    const url = `http://127.0.0.1:4999/dashboard/inquiries/${id}/attachments/${attachmentId}`;
    const request = new Request(url, { headers: cookie ? { cookie } : {} });
    const context = createTestContext(app.services);
    try {
      return (await throughMiddleware(context, request, dashboardLayout.middleware, () =>
        attachmentRoute.loader({
          request,
          params: { id, attachmentId },
          context,
        } as unknown as Parameters<typeof attachmentRoute.loader>[0]),
      )) as Response;
    } catch (thrown) {
      // data() thrown by the route: its status is the answer.
      const init = (thrown as { init?: { status?: number } }).init;
      return new Response(null, { status: init?.status ?? 500 });
    }
  }

  it("serves an admin the file as an inert download, never inline", async () => {
    const response = await download(adminCookie, kept);
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
      const response = await download(cookie, kept);
      expect(response.status).toBe(302);
      expect(await response.text()).not.toContain("script");
    }
  });

  it("has nothing for an attachment that was not kept, or asked for under another inquiry", async () => {
    expect((await download(adminCookie, notKept)).status).toBe(404);
    expect((await download(adminCookie, kept, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });
});
