import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientLinks, inquiryEvents, inquiryMessages, inquiryReplies, jobs, rateLimits } from "~db/schema";
import { clientCookie } from "~/lib/kyc/client-session.server";
import { createAccount } from "~db/seed/seed.server";
import { createClientLink, revokeClientLinks } from "~/lib/kyc/client-links.server";
import { requestKyc } from "~/lib/kyc/kyc-requests.server";
import * as clientRoute from "~/routes/client";
import * as openRoute from "~/routes/client.open";
import type { loadClientPage } from "~/routes/client.server";
import { type Clamd, EICAR_PDF, startClamd } from "../../tests/support/clamd";
import { insertInquiry } from "../../tests/support/desk-fixtures";
import { createTestApp, createTestContext } from "../../tests/support/test-context";
import { testBackends } from "../../tests/support/test-database";

const SITE = "http://127.0.0.1:4999";
const PDF = Buffer.from("%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n");

type LoaderArgs = Parameters<typeof clientRoute.loader>[0];
type ClientPage = NonNullable<Awaited<ReturnType<typeof loadClientPage>>>;

/** What a thrown data() or Response says: its status. */
async function answer<T>(run: () => Promise<T>): Promise<T | { status: number }> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    const init = (thrown as { init?: { status?: number } }).init;
    if (init?.status) return { status: init.status };
    throw thrown;
  }
}

let clamd: Clamd;
beforeAll(async () => {
  clamd = await startClamd();
});
afterAll(async () => {
  await clamd.dispose();
});

describe.each(testBackends)("the client page on %s", (backend) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "client-page-"));
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let adminId: string;
  let inquiryA: string;
  let inquiryB: string;
  let tokenA: string;
  let tokenB: string;

  beforeAll(async () => {
    app = await createTestApp(backend, {
      DATA_DIR: dataDir,
      UPLOAD_KEY: crypto.randomBytes(32).toString("base64"),
      CLAMD_ADDRESS: clamd.address,
    });
    adminId = await createAccount(app.db, app.services.env, {
      name: "Ada Admin",
      email: "ada@example.test",
      password: "admin-long-secret-12",
      admin: true,
    });
    inquiryA = await insertInquiry(app.db, { email: "a@example.test" });
    inquiryB = await insertInquiry(app.db, { email: "b@example.test" });
    tokenA = await requestedToken(inquiryA, "individual-buyer");
    tokenB = await requestedToken(inquiryB, "company-seller-ghana");
  });
  afterAll(async () => {
    await app?.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Requests KYC and reads the link from the queued mail, as the client reads it from theirs. */
  async function requestedToken(inquiryId: string, checklist: string): Promise<string> {
    expect(await requestKyc(app.db, { inquiryId, checklist, actorId: adminId, siteUrl: SITE })).toMatchObject(
      {
        requestId: expect.any(String),
      },
    );
    const mails = await app.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.inquiry_id, inquiryId));
    const text = JSON.stringify(mails);
    const token = /\/client\/open\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
    if (!token) throw new Error("no link in the mail");
    return token;
  }

  async function cookieFor(token: string): Promise<string> {
    const request = new Request(`${SITE}/client/open/${token}`);
    const response = (await answer(() =>
      openRoute.loader({ request, params: { token }, context: createTestContext(app.services) } as never),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/client");
    return response.headers.get("set-cookie")!.split(";")[0]!;
  }

  const page = (cookie: string | null) =>
    answer(async () => {
      const request = new Request(`${SITE}/client`, { headers: cookie ? { cookie } : {} });
      const result = await clientRoute.loader({
        request,
        params: {},
        context: createTestContext(app.services),
      } as unknown as LoaderArgs);
      return (result as unknown as { data: ClientPage }).data;
    });

  async function upload(cookie: string, item: string, name: string, bytes: Buffer) {
    const form = new FormData();
    form.set("item", item);
    form.set("document", new Blob([new Uint8Array(bytes)]), name);
    const request = new Request(`${SITE}/client`, { method: "POST", headers: { cookie }, body: form });
    const result = await clientRoute.action({
      request,
      params: {},
      context: createTestContext(app.services),
    } as never);
    return (result as unknown as { data: { ok: boolean; message: string } }).data;
  }

  it("the desk keeps the request's reply without the link, and stores only the token's hash", async () => {
    const replies = await app.db.select({ body: inquiryReplies.body }).from(inquiryReplies);
    expect(replies).toHaveLength(2);
    for (const { body } of replies) {
      expect(body).toContain("[the private link to your page, sent by mail]");
      expect(body).not.toContain(tokenA);
    }
    const links = await app.db.select({ hash: clientLinks.token_hash }).from(clientLinks);
    expect(JSON.stringify(links)).not.toContain(tokenA);
  });

  it("opens the inquiry's page without an account and takes a PDF, then shows it being checked", async () => {
    const cookie = await cookieFor(tokenA);
    const before = await page(cookie);
    expect(before).toMatchObject({ reference: `VM-${inquiryA.slice(0, 8).toUpperCase()}` });
    const items = (before as { kyc: { items: { key: string; state: string }[] } }).kyc.items;
    expect(items.map((item) => item.key)).toEqual(["identity", "address", "funds"]);
    expect(items.every((item) => item.state === "requested")).toBe(true);
    expect(await upload(cookie, "identity", "passport.pdf", PDF)).toMatchObject({ ok: true });
    const after = (await page(cookie)) as { kyc: { items: { key: string; state: string }[] } };
    expect(after.kyc.items.find((item) => item.key === "identity")!.state).toBe("being-checked");
  });

  it("refuses the EICAR file with a clear message, and the desk sees the refusal", async () => {
    const cookie = await cookieFor(tokenA);
    const result = await upload(cookie, "funds", "statement.pdf", EICAR_PDF);
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/virus scanner found a threat/) });
    const events = await app.db
      .select({ kind: inquiryEvents.kind })
      .from(inquiryEvents)
      .where(eq(inquiryEvents.inquiry_id, inquiryA));
    expect(events.map(({ kind }) => kind)).toContain("upload-refused");
  });

  it("takes the client's answer from a plain form (no JavaScript) and shows it in the conversation", async () => {
    const cookie = await cookieFor(tokenB);
    const request = new Request(`${SITE}/client`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "message", message: "Our certificate follows tomorrow." }),
    });
    const result = await clientRoute.action({
      request,
      params: {},
      context: createTestContext(app.services),
    } as never);
    expect((result as unknown as { data: { ok: boolean } }).data).toMatchObject({ ok: true });
    const shown = (await page(cookie)) as { conversation: { from: string; body: string }[] };
    expect(shown.conversation.at(-1)).toMatchObject({
      from: "you",
      body: "Our certificate follows tomorrow.",
    });
    const [message] = await app.db
      .select()
      .from(inquiryMessages)
      .where(eq(inquiryMessages.inquiry_id, inquiryB));
    expect(message).toMatchObject({ kind: "message", from_address: "b@example.test" });
  });

  it("refuses an HTML file named .pdf", async () => {
    const cookie = await cookieFor(tokenA);
    const result = await upload(
      cookie,
      "address",
      "bill.pdf",
      Buffer.from("<html><script>alert(1)</script></html>"),
    );
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/could not recognise/) });
  });

  it("inquiry A's link never opens inquiry B or B's items", async () => {
    const cookieA = await cookieFor(tokenA);
    const cookieB = await cookieFor(tokenB);
    const shownA = JSON.stringify(await page(cookieA));
    expect(shownA).not.toContain(inquiryB.slice(0, 8).toUpperCase());
    expect(shownA).not.toContain("goldbod");
    // B's checklist item posted with A's session is not A's item: nothing is stored for B.
    expect(await upload(cookieA, "goldbod", "licence.pdf", PDF)).toMatchObject({ ok: false });
    const shownB = (await page(cookieB)) as { kyc: { items: { key: string; state: string }[] } };
    expect(shownB.kyc.items.find((item) => item.key === "goldbod")!.state).toBe("requested");
  });

  it("an expired, a revoked and a made-up link are refused", async () => {
    const expired = await createClientLink(app.db, {
      inquiryId: inquiryA,
      createdBy: adminId,
      now: new Date(Date.now() - 31 * 86_400_000),
    });
    for (const token of [expired.token, crypto.randomBytes(32).toString("base64url"), "../../dashboard"]) {
      const request = new Request(`${SITE}/client/open/${token}`);
      const refused = await answer(() =>
        openRoute.loader({
          request,
          params: { token },
          context: createTestContext(app.services, "198.51.100.7"),
        } as never),
      );
      expect(refused).toMatchObject({ status: 403 });
    }
    const cookieB = await cookieFor(tokenB);
    expect(await page(cookieB)).toHaveProperty("reference");
    expect(await revokeClientLinks(app.db, inquiryB)).toBe(1);
    expect(await page(cookieB)).toMatchObject({ status: 403 });
    expect(await page(null)).toMatchObject({ status: 403 });
  });

  it("a refused cookie counts against the page's limit, a client's own use does not, and a spent limit refuses all", async () => {
    const ip = "198.51.100.77";
    const key = `client-page:ip:${ip}`;
    const pageFrom = (cookie: string) =>
      answer(() =>
        clientRoute.loader({
          request: new Request(`${SITE}/client`, { headers: { cookie } }),
          params: {},
          context: createTestContext(app.services, ip),
        } as unknown as LoaderArgs),
      );
    const counted = async () =>
      (await app.db.select().from(rateLimits).where(eq(rateLimits.key, key)))[0]?.count ?? 0;
    const own = await cookieFor(tokenA);
    await pageFrom(own);
    await pageFrom(own);
    expect(await counted()).toBe(0);
    const guessed = (await clientCookie(SITE).serialize(crypto.randomBytes(32).toString("base64url"))).split(
      ";",
    )[0]!;
    expect(await pageFrom(guessed)).toMatchObject({ status: 403 });
    expect(await counted()).toBe(1);
    await app.db.update(rateLimits).set({ count: 600 }).where(eq(rateLimits.key, key));
    expect(await pageFrom(own)).toMatchObject({ status: 429 });
    expect(await pageFrom(guessed)).toMatchObject({ status: 429 });
  });
});
