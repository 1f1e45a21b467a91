import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session, user } from "../../../db/auth-schema";
import { userRoles } from "../../../db/schema";
import { createAccount } from "~/lib/db/seed.server";
import { signInAdminWithTotp } from "../../../tests/support/admin-session";
import { createTestApp } from "../../../tests/support/test-context";
import { type Backend, testBackends } from "../../../tests/support/test-database";
import {
  SESSION_ABSOLUTE_MAX_MS,
  SESSION_EXPIRES_IN_SECONDS,
  SESSION_UPDATE_AGE_SECONDS,
  sessionCookieName,
} from "./auth.server";
import { lookUpSession } from "./session-lookup.server";

const PASSWORD = "a-long-enough-password-for-an-admin-5";

/**
 * The one-query session read answers as Better Auth does for a session in
 * use, and leaves every other case to Better Auth (undefined).
 */
describe.each(testBackends)("the session lookup on %s", (backend: Backend) => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let adminCookie: string;
  let visitorCookie: string;
  const options = () => ({
    cookieName: sessionCookieName(app.services.env),
    expiresInSeconds: SESSION_EXPIRES_IN_SECONDS,
    updateAgeSeconds: SESSION_UPDATE_AGE_SECONDS,
    absoluteMaxMs: SESSION_ABSOLUTE_MAX_MS,
  });
  const lookUp = (cookie: string, now?: number) =>
    lookUpSession(app.services.database, app.services.env, cookie, options(), now);
  const tokenOf = (cookie: string) => decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;

  beforeAll(async () => {
    app = await createTestApp(backend);
    const { env } = app.services;
    const admin = { name: "Ada Admin", email: "ada@example.test", password: PASSWORD, admin: true };
    await createAccount(app.db, env, admin);
    adminCookie = (await signInAdminWithTotp(app.auth, sessionCookieName(env), admin)).cookie;
    const visitor = { name: "Val Visitor", email: "val@example.test", password: PASSWORD };
    await createAccount(app.db, env, visitor);
    const signedIn = await app.auth.api.signInEmail({ body: visitor, returnHeaders: true });
    visitorCookie = signedIn.headers.getSetCookie()[0]!.split(";")[0]!;
  });
  afterAll(async () => {
    await app?.dispose();
  });

  it("reads the session Better Auth reads, with the second factor and the admin role", async () => {
    const found = await lookUp(`theme=dark; ${adminCookie}`);
    const expected = await app.auth.api.getSession({ headers: new Headers({ cookie: adminCookie }) });
    expect(found?.session).toEqual({
      user: { id: expected!.user.id, name: "Ada Admin", email: "ada@example.test" },
      sessionId: expected!.session.id,
      secondFactor: "totp",
    });
    expect(found?.role).toEqual({ longPassword: true });
    const visitor = await lookUp(visitorCookie);
    expect(visitor?.session.user.email).toBe("val@example.test");
    expect(visitor?.session.secondFactor).toBeNull();
    expect(visitor?.role).toBeNull();
  });

  it("refuses a cookie whose signature does not hold, and one without a signature", async () => {
    const [name, value] = adminCookie.split("=") as [string, string];
    const decoded = decodeURIComponent(value);
    const forged = `${decoded.slice(0, 5)}${decoded[5] === "A" ? "B" : "A"}${decoded.slice(6)}`;
    expect(await lookUp(`${name}=${encodeURIComponent(forged)}`)).toBeUndefined();
    expect(await lookUp(`${name}=${tokenOf(adminCookie)}`)).toBeUndefined();
    expect(await lookUp("theme=dark")).toBeUndefined();
  });

  it("leaves a session due for its sliding refresh, an expired one and a stale cache cookie to Better Auth", async () => {
    const [row] = await app.db
      .select()
      .from(session)
      .where(eq(session.token, tokenOf(visitorCookie)));
    const issued = row!.expiresAt.getTime() - SESSION_EXPIRES_IN_SECONDS * 1000;
    expect(await lookUp(visitorCookie, issued + SESSION_UPDATE_AGE_SECONDS * 1000 - 1)).toBeDefined();
    expect(await lookUp(visitorCookie, issued + SESSION_UPDATE_AGE_SECONDS * 1000)).toBeUndefined();
    expect(await lookUp(visitorCookie, row!.expiresAt.getTime())).toBeUndefined();
    const prefix = sessionCookieName(app.services.env).replace("session_token", "");
    expect(await lookUp(`${visitorCookie}; ${prefix}session_data=x`)).toBeUndefined();
    expect(await lookUp(`${visitorCookie}; ${prefix}dont_remember=x`)).toBeUndefined();
  });

  it("shows a renamed user and a removed admin role on the next read", async () => {
    expect((await lookUp(adminCookie))?.session.user.name).toBe("Ada Admin");
    expect((await lookUp(adminCookie))?.role).toEqual({ longPassword: true });
    const userId = (await lookUp(adminCookie))!.session.user.id;
    await app.db.update(user).set({ name: "Ada Renamed" }).where(eq(user.id, userId));
    expect((await lookUp(adminCookie))?.session.user.name).toBe("Ada Renamed");
    await app.db.delete(userRoles).where(eq(userRoles.user_id, userId));
    expect((await lookUp(adminCookie))?.role).toBeNull();
  });

  it("ends with the row: a revoked session is not read", async () => {
    expect(await lookUp(visitorCookie)).toBeDefined();
    await app.db.delete(session).where(eq(session.token, tokenOf(visitorCookie)));
    expect(await lookUp(visitorCookie)).toBeUndefined();
  });

  it("ends every session when the sessions are truncated", async () => {
    expect(await lookUp(adminCookie)).toBeDefined();
    await app.db.execute(sql`truncate table ${session}`);
    expect(await lookUp(adminCookie)).toBeUndefined();
  });
});
