import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session, user } from "~db/auth-schema";
import { userRoles } from "~db/schema";
import { signInAdminWithTotp } from "../../../tests/support/admin-session";
import { createTestApp, createTestContext } from "../../../tests/support/test-context";
import { type Backend, testBackends } from "../../../tests/support/test-database";
import { sessionCookieName } from "~/lib/auth/auth.server";
import { createAccount } from "~db/seed/seed.server";
import {
  type RequestSession,
  readRequestSession,
  sessionMiddleware,
} from "~/lib/http/request-session.server";

const PASSWORD = "a-long-enough-password-for-an-admin-5";

/**
 * Whatever ends a session or changes who it is ends it, or shows, on the
 * very next request: each request asks Better Auth for the session row and
 * reads the admin role from the database, with nothing kept between them.
 */
describe.each(testBackends)("the next request after a change, on %s", (backend: Backend) => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let cookieName: string;

  /** The session the root middleware reads for one request with this cookie. */
  async function sessionOf(cookie: string): Promise<RequestSession> {
    const context = createTestContext(app.services);
    const request = new Request("http://127.0.0.1:4999/dashboard", { headers: { cookie } });
    let read: RequestSession | undefined;
    await sessionMiddleware({ request, url: new URL(request.url), pattern: "/", params: {}, context }, () => {
      read = readRequestSession(context);
      return Promise.resolve(new Response("served"));
    });
    return read!;
  }

  async function signedIn(email: string, admin = false): Promise<string> {
    const account = { name: email.split("@")[0]!, email, password: PASSWORD, admin };
    await createAccount(app.db, app.services.env, account);
    if (admin) return (await signInAdminWithTotp(app.auth, cookieName, account)).cookie;
    const { headers } = await app.auth.api.signInEmail({ body: account, returnHeaders: true });
    return headers
      .getSetCookie()
      .find((value) => value.startsWith(`${cookieName}=`))!
      .split(";")[0]!;
  }

  const tokenOf = (cookie: string) => decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;

  beforeAll(async () => {
    app = await createTestApp(backend);
    cookieName = sessionCookieName(app.services.env);
  });
  afterAll(async () => {
    await app?.dispose();
  });

  it("refuses a revoked session", async () => {
    const cookie = await signedIn("revoked@example.test");
    expect((await sessionOf(cookie)).session?.user.email).toBe("revoked@example.test");
    await app.db.delete(session).where(eq(session.token, tokenOf(cookie)));
    expect((await sessionOf(cookie)).session).toBeNull();
  });

  it("refuses a session revoked through Better Auth", async () => {
    const cookie = await signedIn("revoked-by-auth@example.test");
    expect((await sessionOf(cookie)).session).not.toBeNull();
    await app.auth.api.revokeSession({
      body: { token: tokenOf(cookie) },
      headers: new Headers({ cookie }),
    });
    expect((await sessionOf(cookie)).session).toBeNull();
  });

  it("refuses a signed-out account", async () => {
    const cookie = await signedIn("signed-out@example.test");
    expect((await sessionOf(cookie)).session).not.toBeNull();
    await app.auth.api.signOut({ headers: new Headers({ cookie }) });
    expect((await sessionOf(cookie)).session).toBeNull();
  });

  it("takes the admin role away with its row", async () => {
    const cookie = await signedIn("ada@example.test", true);
    const before = await sessionOf(cookie);
    expect(before).toMatchObject({ isAdmin: true, adminLongPassword: true });
    expect(before.session?.secondFactor).toBe("totp");
    await app.db.delete(userRoles).where(eq(userRoles.user_id, before.session!.user.id));
    expect(await sessionOf(cookie)).toMatchObject({ isAdmin: false, adminLongPassword: false });
  });

  it("shows a renamed account", async () => {
    const cookie = await signedIn("rename@example.test");
    const id = (await sessionOf(cookie)).session!.user.id;
    await app.db.update(user).set({ name: "Renamed" }).where(eq(user.id, id));
    expect((await sessionOf(cookie)).session?.user.name).toBe("Renamed");
  });

  it("has no trigger or function left that announced session changes", async () => {
    const { rows } = await app.db.execute<{ name: string }>(sql`
      select tgname as name from pg_trigger where tgname like '%notify_sessions'
      union all select proname from pg_proc where proname = 'notify_sessions_changed'`);
    expect(rows).toEqual([]);
  });

  it("refuses every session once the sessions are truncated", async () => {
    const cookie = await signedIn("truncated@example.test");
    expect((await sessionOf(cookie)).session).not.toBeNull();
    await app.db.execute(sql`truncate table ${session}`);
    expect((await sessionOf(cookie)).session).toBeNull();
  });
});
