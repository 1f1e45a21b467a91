import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "~db/schema";
import { createAccount, signInForCookie } from "~db/seed/seed.server";
import * as accountLayout from "~/routes/account.layout";
import * as accountRoute from "~/routes/account";
import * as inquiryRoute from "~/routes/account.inquiries.detail";
import type { ClientPageData } from "~/routes/client.server";
import { insertInquiry } from "../../tests/support/desk-fixtures";
import { throughMiddleware } from "../../tests/support/route-middleware";
import { createTestApp, createTestContext } from "../../tests/support/test-context";
import { testBackends } from "../../tests/support/test-database";

const SITE = "http://127.0.0.1:4999";
const AMA = { name: "Ama Client", email: "ama@client.test", password: "client-secret-1234" };
const KWAME = { name: "Kwame Other", email: "kwame@other.test", password: "other-secret-1234" };
const UNVERIFIED = { name: "Mallory", email: "ama+x@client.test", password: "mallory-secret-1234" };

type Answer = { status: number; location?: string | null; page?: ClientPageData };

describe.each(testBackends)("'Your inquiries' on %s", (backend) => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  const cookies: Record<"ama" | "kwame" | "unverified", string> = { ama: "", kwame: "", unverified: "" };
  let amaFirst: string;
  let amaSecond: string;
  let kwames: string;
  let spam: string;

  beforeAll(async () => {
    app = await createTestApp(backend);
    for (const [key, account] of [
      ["ama", AMA],
      ["kwame", KWAME],
      ["unverified", UNVERIFIED],
    ] as const) {
      await createAccount(app.db, app.services.env, account);
      const session = await signInForCookie(app.db, app.services.env, account.email, account.password);
      cookies[key] = `${session.name}=${session.value}`;
    }
    // Signed in, then its address no longer proven: it must open nothing.
    await app.db.update(user).set({ emailVerified: false }).where(eq(user.email, UNVERIFIED.email));
    amaFirst = await insertInquiry(app.db, { email: "Ama@Client.test", created_at: new Date("2026-11-01") });
    amaSecond = await insertInquiry(app.db, {
      email: AMA.email,
      status: "contacted",
      created_at: new Date("2026-11-20"),
    });
    kwames = await insertInquiry(app.db, { email: KWAME.email });
    spam = await insertInquiry(app.db, { email: AMA.email, is_spam: true });
    // The unverified account's address sent one too: still not shown until it is verified.
    await insertInquiry(app.db, { email: UNVERIFIED.email });
  });
  afterAll(async () => {
    await app?.dispose();
  });

  async function run<T>(
    cookie: string | null,
    path: string,
    route: (request: Request, context: never) => Promise<T>,
  ) {
    const request = new Request(`${SITE}${path}`, { headers: cookie ? { cookie } : {} });
    const context = createTestContext(app.services);
    try {
      const result = await throughMiddleware(context, request, accountLayout.middleware, () =>
        route(request, context as never),
      );
      if (result instanceof Response)
        return { status: result.status, location: result.headers.get("location") };
      return { status: 200, result };
    } catch (thrown) {
      const init = (thrown as { init?: { status?: number } }).init;
      if (init?.status) return { status: init.status };
      throw thrown;
    }
  }

  async function accountInquiries(cookie: string) {
    const answer = await run(cookie, "/account", (request, context) =>
      accountRoute.loader({ request, params: {}, context } as unknown as Parameters<
        typeof accountRoute.loader
      >[0]),
    );
    const body = (
      answer as { result?: { data: { inquiries: { id: string; reference: string; status: string }[] } } }
    ).result;
    return body!.data.inquiries;
  }

  async function openInquiry(cookie: string | null, id: string): Promise<Answer> {
    const answer = await run(cookie, `/account/inquiries/${id}`, (request, context) =>
      inquiryRoute.loader({ request, params: { id }, context } as unknown as Parameters<
        typeof inquiryRoute.loader
      >[0]),
    );
    const result = (answer as { result?: { data: ClientPageData } }).result;
    return { status: answer.status, location: (answer as Answer).location, page: result?.data };
  }

  it("lists the inquiries of the account's verified address, newest first, with reference and plain status", async () => {
    const listed = await accountInquiries(cookies.ama);
    expect(listed.map((inquiry) => inquiry.id)).toEqual([amaSecond, amaFirst]);
    expect(listed[0]).toMatchObject({
      status: "We have answered you and are working on your inquiry.",
      reference: expect.stringMatching(/\S/),
    });
    expect(listed[1]!.status).toBe("We have your inquiry and will answer soon.");
  });

  it("lists nothing for an unverified address, and no one else's", async () => {
    expect(await accountInquiries(cookies.unverified)).toEqual([]);
    expect((await accountInquiries(cookies.kwame)).map((inquiry) => inquiry.id)).toEqual([kwames]);
  });

  it("opens the account's own inquiry as its client page", async () => {
    const opened = await openInquiry(cookies.ama, amaFirst);
    expect(opened.status).toBe(200);
    expect(opened.page?.status).toBe("We have your inquiry and will answer soon.");
  });

  it("account inquiry attack: another account, an unverified address and an anonymous visitor cannot open it", async () => {
    expect((await openInquiry(cookies.kwame, amaFirst)).status).toBe(404);
    expect((await openInquiry(cookies.unverified, amaFirst)).status).toBe(404);
    const anonymous = await openInquiry(null, amaFirst);
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/auth\?/);
    expect(anonymous.page).toBeUndefined();
    expect((await openInquiry(cookies.ama, "not-a-uuid")).status).toBe(404);
    expect((await openInquiry(cookies.ama, kwames)).status).toBe(404);
  });

  it("neither lists nor opens an inquiry the desk marked as spam", async () => {
    expect((await accountInquiries(cookies.ama)).map((inquiry) => inquiry.id)).not.toContain(spam);
    expect((await openInquiry(cookies.ama, spam)).status).toBe(404);
  });

  it("account inquiry attack: an upload to another account's inquiry is refused before its body is read", async () => {
    const request = new Request(`${SITE}/account/inquiries/${kwames}`, {
      method: "POST",
      headers: { cookie: cookies.ama, "content-type": "multipart/form-data; boundary=x" },
      body: "--x--\r\n",
    });
    const context = createTestContext(app.services);
    const answer = await throughMiddleware(context, request, accountLayout.middleware, () =>
      inquiryRoute.action({ request, params: { id: kwames }, context } as unknown as Parameters<
        typeof inquiryRoute.action
      >[0]),
    ).catch((thrown: unknown) => thrown as { init?: { status?: number } });
    expect((answer as { init?: { status?: number } }).init?.status).toBe(404);
  });
});
