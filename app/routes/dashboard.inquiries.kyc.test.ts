import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inquiryEvents, inquiryReplies, jobs, kycDocuments, uploads } from "~db/schema";
import { createAccount, signInForCookie } from "~db/seed/seed.server";
import { sessionCookieName } from "~/lib/auth/auth.server";
import { loadDeskKyc } from "~/lib/kyc/desk-kyc.server";
import * as clientRoute from "~/routes/client";
import * as openRoute from "~/routes/client.open";
import * as dashboardLayout from "~/routes/dashboard.layout";
import * as kycRoute from "~/routes/dashboard.inquiries.kyc";
import * as uploadRoute from "~/routes/dashboard.inquiries.upload";
import * as previewRoute from "~/routes/dashboard.inquiries.upload-preview";
import { signInAdminWithTotp } from "../../tests/support/admin-session";
import { type Clamd, startClamd } from "../../tests/support/clamd";
import { insertInquiry } from "../../tests/support/desk-fixtures";
import { throughMiddleware } from "../../tests/support/route-middleware";
import { createTestApp, createTestContext } from "../../tests/support/test-context";
import { testBackends } from "../../tests/support/test-database";

const SITE = "http://127.0.0.1:4999";
const ADMIN = { name: "Ada Admin", email: "ada@example.test", password: "admin-long-secret-12" };
const NO_FACTOR = { name: "Nat Nofactor", email: "nat@example.test", password: "admin-long-secret-34" };
const MEMBER = { name: "Max Member", email: "max@example.test", password: "member-secret-12" };
const PDF = Buffer.from("%PDF-1.7\n1 0 obj << /Title (PASSPORT-GB-99) >> endobj\n%%EOF\n");

let clamd: Clamd;
beforeAll(async () => {
  clamd = await startClamd();
});
afterAll(async () => {
  await clamd.dispose();
});

describe.each(testBackends)("reviewing KYC documents on %s", (backend) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kyc-review-"));
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let adminCookie: string;
  let noFactorCookie: string;
  let memberCookie: string;
  let inquiryId: string;
  let clientCookie: string;
  let photo: Buffer;

  beforeAll(async () => {
    app = await createTestApp(backend, {
      DATA_DIR: dataDir,
      UPLOAD_KEY: crypto.randomBytes(32).toString("base64"),
      CLAMD_ADDRESS: clamd.address,
    });
    const env = app.services.env;
    await createAccount(app.db, env, { ...ADMIN, admin: true });
    ({ cookie: adminCookie } = await signInAdminWithTotp(app.auth, sessionCookieName(env), ADMIN));
    await createAccount(app.db, env, { ...NO_FACTOR, admin: true });
    const noFactor = await signInForCookie(app.db, env, NO_FACTOR.email, NO_FACTOR.password);
    noFactorCookie = `${noFactor.name}=${noFactor.value}`;
    await createAccount(app.db, env, MEMBER);
    const member = await signInForCookie(app.db, env, MEMBER.email, MEMBER.password);
    memberCookie = `${member.name}=${member.value}`;
    inquiryId = await insertInquiry(app.db, { email: "buyer@example.test" });
    photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c93" } })
      .withMetadata({ exif: { IFD0: { Copyright: "GPS-SECRET-LOCATION" } } })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await app?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function desk(intent: string, fields: Record<string, string> = {}) {
    const request = new Request(`${SITE}/dashboard/inquiries/${inquiryId}/kyc`, {
      method: "POST",
      headers: { cookie: adminCookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent, ...fields }),
    });
    const context = createTestContext(app.services);
    const response = (await throughMiddleware(context, request, dashboardLayout.middleware, () =>
      kycRoute.action({ request, params: { id: inquiryId }, context } as never),
    )) as Response;
    expect(response.status).toBe(302);
  }

  async function fetchUpload(route: "download" | "preview", cookie: string | null, uploadId: string) {
    const suffix = route === "preview" ? "/preview" : "";
    const request = new Request(`${SITE}/dashboard/inquiries/${inquiryId}/uploads/${uploadId}${suffix}`, {
      headers: cookie ? { cookie } : {},
    });
    const context = createTestContext(app.services);
    const loader = route === "preview" ? previewRoute.loader : uploadRoute.loader;
    try {
      return (await throughMiddleware(context, request, dashboardLayout.middleware, () =>
        loader({ request, params: { id: inquiryId, uploadId }, context } as never),
      )) as Response;
    } catch (thrown) {
      const init = (thrown as { init?: { status?: number } }).init;
      return new Response(null, { status: init?.status ?? 500 });
    }
  }

  async function clientUpload(item: string, name: string, bytes: Buffer) {
    const form = new FormData();
    form.set("item", item);
    form.set("document", new Blob([new Uint8Array(bytes)]), name);
    const request = new Request(`${SITE}/client`, {
      method: "POST",
      headers: { cookie: clientCookie },
      body: form,
    });
    const result = await clientRoute.action({
      request,
      params: {},
      context: createTestContext(app.services),
    } as never);
    expect((result as unknown as { data: { ok: boolean } }).data.ok).toBe(true);
  }

  const uploadOf = async (item: string) => {
    const kyc = await loadDeskKyc(app.db, inquiryId);
    return kyc.request!.items.find((entry) => entry.key === item)!.document!;
  };

  it("the desk requests a checklist, and the client uploads a PDF and a photo", async () => {
    await desk("request", { checklist: "individual-buyer" });
    const mail = JSON.stringify(
      await app.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.inquiry_id, inquiryId)),
    );
    const token = /\/client\/open\/([A-Za-z0-9_-]{43})/.exec(mail)![1]!;
    const opened = (await openRoute.loader({
      request: new Request(`${SITE}/client/open/${token}`),
      params: { token },
      context: createTestContext(app.services),
    } as never)) as Response;
    clientCookie = opened.headers.get("set-cookie")!.split(";")[0]!;
    await clientUpload("identity", "passport.pdf", PDF);
    await clientUpload("address", "bill.jpg", photo);
    const kyc = await loadDeskKyc(app.db, inquiryId);
    expect(kyc.request!.items.map((item) => item.state)).toEqual([
      "being-checked",
      "being-checked",
      "requested",
    ]);
  });

  it("an admin with a second factor downloads the original as an inert attachment, logged on the timeline", async () => {
    const document = await uploadOf("identity");
    const response = await fetchUpload("download", adminCookie, document.uploadId);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="passport.pdf"/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-type")).toBe("application/octet-stream");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PDF);
    const logged = await app.db
      .select()
      .from(inquiryEvents)
      .where(and(eq(inquiryEvents.inquiry_id, inquiryId), eq(inquiryEvents.kind, "upload-downloaded")));
    expect(logged).toHaveLength(1);
    expect(logged[0]!.actor_id).not.toBeNull();
  });

  it("an admin without a second factor, a visitor and an anonymous request cannot download or preview", async () => {
    const document = await uploadOf("identity");
    for (const cookie of [noFactorCookie, memberCookie, null]) {
      for (const route of ["download", "preview"] as const) {
        const response = await fetchUpload(route, cookie, document.uploadId);
        expect(response.status).toBe(302);
        expect(Buffer.from(await response.arrayBuffer()).includes("PASSPORT")).toBe(false);
      }
    }
  });

  it("a photo's preview is re-encoded, without the sent bytes or their metadata", async () => {
    const document = await uploadOf("address");
    const response = await fetchUpload("preview", adminCookie, document.uploadId);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    const preview = Buffer.from(await response.arrayBuffer());
    expect(preview.equals(photo)).toBe(false);
    expect(preview.includes("GPS-SECRET-LOCATION")).toBe(false);
    expect((await sharp(preview).metadata()).format).toBe("png");
    expect((await fetchUpload("preview", adminCookie, (await uploadOf("identity")).uploadId)).status).toBe(
      404,
    );
  });

  it("accept one, reject one with a reason the client reads, the client sends again, and all accepted is KYC complete", async () => {
    await desk("accept", { documentId: (await uploadOf("identity")).id });
    await desk("reject", {
      documentId: (await uploadOf("address")).id,
      reason: "The bill is older than three months.",
    });
    const page = (await clientRoute.loader({
      request: new Request(`${SITE}/client`, { headers: { cookie: clientCookie } }),
      params: {},
      context: createTestContext(app.services),
    } as never)) as unknown as {
      data: { kyc: { items: { key: string; state: string; reason: string | null }[] } };
    };
    expect(page.data.kyc.items.find((item) => item.key === "address")).toMatchObject({
      state: "rejected",
      reason: "The bill is older than three months.",
    });
    await clientUpload("address", "new-bill.pdf", PDF);
    await clientUpload("funds", "statement.pdf", PDF);
    await desk("accept", { documentId: (await uploadOf("address")).id });
    expect((await loadDeskKyc(app.db, inquiryId)).request!.completedAt).toBeNull();
    await desk("accept", { documentId: (await uploadOf("funds")).id });
    const kyc = await loadDeskKyc(app.db, inquiryId);
    expect(kyc.request).toMatchObject({ completedAt: expect.any(Date), completedBy: ADMIN.name });
    expect(await app.db.select().from(kycDocuments)).toHaveLength(4);
    expect(await app.db.select().from(uploads)).toHaveLength(4);
    const told = await app.db
      .select({ body: inquiryReplies.body })
      .from(inquiryReplies)
      .orderBy(inquiryReplies.created_at);
    expect(told.map(({ body }) => body.split("\n")[0])).toEqual([
      expect.stringMatching(/^Before we can introduce you/),
      "We could not accept this document: Proof of address dated in the last three months (a utility bill or bank statement).",
      expect.stringMatching(/Your identity checks are complete\.$/),
    ]);
    expect(told[1]!.body).toContain("Reason: The bill is older than three months.");
  });
});
