import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../../db/schema";
import { signInAdminWithTotp } from "../../../tests/support/admin-session";
import { createTestApp, createTestContext, createTestServices } from "../../../tests/support/test-context";
import { type Backend, createTestDatabase, testBackends } from "../../../tests/support/test-database";
import { sessionCookieName } from "../auth/auth.server";
import { grantAdmin, recordAdminPasswordLength, revokeAdmin } from "../auth/roles.server";
import { getSession, getViewer } from "../auth/viewer.server";
import { requireAdmin, requireUser } from "./guards.server";

/**
 * The guards and the viewer, given a context around a database of their
 * own per backend, as every loader gives them its own.
 */
async function loadApp(backend: Backend) {
  const app = await createTestApp(backend, { ADMIN_EMAILS: "boss@example.com" });
  return {
    ...app,
    context: createTestContext(app.services),
    cookieName: sessionCookieName(app.services.env),
  };
}

type App = Awaited<ReturnType<typeof loadApp>>;

/** A verified account, signed in: returns its session cookie. */
async function signedInCookie(app: App, email: string, password = "secret123"): Promise<string> {
  const { auth } = app;
  await auth.api.signUpEmail({ body: { name: email.split("@")[0]!, email, password } });
  await app.db.update(schema.user).set({ emailVerified: true }).where(eq(schema.user.email, email));
  const { headers } = await auth.api.signInEmail({
    body: { email, password },
    returnHeaders: true,
  });
  const cookie = headers.getSetCookie().find((value) => value.includes("session_token="));
  if (!cookie) throw new Error("no session cookie");
  return cookie.split(";")[0]!;
}

const ADMIN_PASSWORD = "admin-long-secret-12";

async function idOf(app: App, email: string): Promise<string> {
  const [row] = await app.db
    .select({ id: schema.user.id })
    .from(schema.user)
    .where(eq(schema.user.email, email));
  return row!.id;
}

function request(url: string, cookie?: string): Request {
  return new Request(`http://127.0.0.1:4999${url}`, { headers: cookie ? { cookie } : {} });
}

async function redirectOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    expect(thrown.status).toBe(302);
    return thrown.headers.get("Location");
  }
}

describe.each(testBackends)("guards and viewer on %s", (backend) => {
  let app: App;
  let memberCookie: string;
  let adminCookie: string;
  beforeAll(async () => {
    app = await loadApp(backend);
    memberCookie = await signedInCookie(app, "member@example.com");
    const passwordOnly = await signedInCookie(app, "admin@example.com", ADMIN_PASSWORD);
    await grantAdmin(app.db, "admin@example.com");
    // An admin without a second factor is sent to set one up.
    expect(await redirectOf(requireAdmin(app.context, request("/dashboard.data?q=x", passwordOnly)))).toBe(
      "/account/two-factor?redirectTo=%2Fdashboard%3Fq%3Dx",
    );
    ({ cookie: adminCookie } = await signInAdminWithTotp(app.auth, app.cookieName, {
      email: "admin@example.com",
      password: ADMIN_PASSWORD,
    }));
    // What the sign-in form records (Better Auth's own API above does not).
    await recordAdminPasswordLength(app.db, await idOf(app, "admin@example.com"), ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await app?.dispose();
  });

  it("sends anonymous visitors to sign in, and back afterwards", async () => {
    const expected = "/auth?redirectTo=%2Fdashboard%3Ffilter%3Dunread";
    expect(await redirectOf(requireUser(app.context, request("/dashboard?filter=unread")))).toBe(expected);
    expect(await redirectOf(requireAdmin(app.context, request("/dashboard?filter=unread")))).toBe(expected);
  });

  it("treats a forged or unknown session cookie as anonymous", async () => {
    const forged = `${app.cookieName}=abc.def`;
    expect(await redirectOf(requireAdmin(app.context, request("/dashboard", forged)))).toBe(
      "/auth?redirectTo=%2Fdashboard",
    );
    expect(await getViewer(app.context, request("/", forged))).toEqual({ user: null, isAdmin: false });
  });

  it("sends signed-in non-admins home", async () => {
    expect(await redirectOf(requireAdmin(app.context, request("/dashboard", memberCookie)))).toBe("/");
    const { user } = await requireUser(app.context, request("/dashboard", memberCookie));
    expect(user).toMatchObject({ email: "member@example.com", name: "member" });
  });

  it("lets admins through, and a revoke takes effect on the next request", async () => {
    const { user } = await requireAdmin(app.context, request("/dashboard", adminCookie));
    expect(user.email).toBe("admin@example.com");
    expect(await getViewer(app.context, request("/", adminCookie))).toMatchObject({ isAdmin: true });

    await revokeAdmin(app.db, "admin@example.com");
    expect(await redirectOf(requireAdmin(app.context, request("/dashboard", adminCookie)))).toBe("/");
    expect(await getViewer(app.context, request("/", adminCookie))).toMatchObject({ isAdmin: false });
    await grantAdmin(app.db, "admin@example.com");
  });

  it("sends an admin whose password was not seen to have 12 characters to set a longer one", async () => {
    const id = await idOf(app, "admin@example.com");
    await recordAdminPasswordLength(app.db, id, "short-9ch");
    expect(await redirectOf(requireAdmin(app.context, request("/dashboard", adminCookie)))).toBe(
      "/account#change-password",
    );
    await recordAdminPasswordLength(app.db, id, ADMIN_PASSWORD);
    const { user } = await requireAdmin(app.context, request("/dashboard", adminCookie));
    expect(user.email).toBe("admin@example.com");
  });

  it("ends a session 30 days after sign-in, however active", async () => {
    const cookie = await signedInCookie(app, "old@example.com");
    const { session } = schema;
    const [account] = await app.db
      .select({ id: schema.user.id })
      .from(schema.user)
      .where(eq(schema.user.email, "old@example.com"));
    await app.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
      .where(eq(session.userId, account!.id));

    const result = await getSession(app.context, request("/", cookie));
    expect(result.session).toBeNull();
    expect(result.headers?.getSetCookie().some((value) => /session_token=;/.test(value))).toBe(true);
    expect(await app.db.select().from(session).where(eq(session.userId, account!.id))).toEqual([]);
  });
});

describe("viewer without a session cookie", () => {
  it("never opens the database", async () => {
    // A closed database: any query would fail.
    const database = await createTestDatabase("pglite");
    await database.dispose();
    await expect(database.db.execute(sql`select 1`)).rejects.toThrow();
    const context = createTestContext(createTestServices(database));
    expect(await getViewer(context, request("/", "theme=dark; toast=x"))).toEqual({
      user: null,
      isAdmin: false,
    });
    expect(await getViewer(context, request("/"))).toEqual({ user: null, isAdmin: false });
  });
});
