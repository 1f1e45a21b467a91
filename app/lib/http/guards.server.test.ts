import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signInAdminWithTotp } from "../../../tests/support/admin-session";
import {
  createScratchPostgresDatabase,
  dropScratchPostgresDatabase,
} from "../../../tests/support/scratch-postgres";
import { type Backend, testBackends } from "../../../tests/support/test-database";

/**
 * The guards and the viewer run against the process-wide database and Better
 * Auth instance, configured from the environment: each backend gets a fresh
 * module graph pointed at its own database.
 */
async function loadApp(backend: Backend) {
  vi.resetModules();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "guards-test-"));
  Object.assign(process.env, {
    SITE_URL: "http://127.0.0.1:4999",
    DATA_DIR: path.join(dir, "data"),
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    ADMIN_EMAILS: "boss@example.com",
    LOG_LEVEL: "silent",
  });
  let scratchUrl: string | null = null;
  const dbModule = await import("../db/db.server");
  if (backend === "postgres") {
    scratchUrl = await createScratchPostgresDatabase(process.env.TEST_DATABASE_URL!, "guards");
    process.env.DATABASE_URL = scratchUrl;
  } else {
    delete process.env.DATABASE_URL;
  }
  const [guards, viewer, auth, schema, drizzle] = await Promise.all([
    import("./guards.server"),
    import("../auth/viewer.server"),
    import("../auth/auth.server"),
    import("../../../db/schema"),
    import("drizzle-orm"),
  ]);
  const db = await dbModule.getDb();
  return {
    guards,
    viewer,
    auth,
    schema,
    drizzle,
    db,
    async dispose() {
      await dbModule.closeDatabase();
      if (scratchUrl) await dropScratchPostgresDatabase(process.env.TEST_DATABASE_URL!, scratchUrl);
      delete process.env.DATABASE_URL;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

type App = Awaited<ReturnType<typeof loadApp>>;

/** A verified account, signed in: returns its session cookie. */
async function signedInCookie(app: App, email: string): Promise<string> {
  const auth = await app.auth.getAuth();
  await auth.api.signUpEmail({ body: { name: email.split("@")[0]!, email, password: "secret123" } });
  await app.db
    .update(app.schema.user)
    .set({ emailVerified: true })
    .where(app.drizzle.eq(app.schema.user.email, email));
  const { headers } = await auth.api.signInEmail({
    body: { email, password: "secret123" },
    returnHeaders: true,
  });
  const cookie = headers.getSetCookie().find((value) => value.includes("session_token="));
  if (!cookie) throw new Error("no session cookie");
  return cookie.split(";")[0]!;
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
    const passwordOnly = await signedInCookie(app, "admin@example.com");
    const roles = await import("../auth/roles.server");
    await roles.grantAdmin(app.db, "admin@example.com");
    // An admin without a second factor is sent to set one up.
    expect(await redirectOf(app.guards.requireAdmin(request("/dashboard.data?q=x", passwordOnly)))).toBe(
      "/account/two-factor?redirectTo=%2Fdashboard%3Fq%3Dx",
    );
    ({ cookie: adminCookie } = await signInAdminWithTotp(
      await app.auth.getAuth(),
      app.auth.sessionCookieName(),
      { email: "admin@example.com", password: "secret123" },
    ));
  });
  afterAll(async () => {
    await app?.dispose();
  });

  it("sends anonymous visitors to sign in, and back afterwards", async () => {
    const expected = "/auth?redirectTo=%2Fdashboard%3Ffilter%3Dunread";
    expect(await redirectOf(app.guards.requireUser(request("/dashboard?filter=unread")))).toBe(expected);
    expect(await redirectOf(app.guards.requireAdmin(request("/dashboard?filter=unread")))).toBe(expected);
  });

  it("treats a forged or unknown session cookie as anonymous", async () => {
    const forged = `${app.auth.sessionCookieName()}=abc.def`;
    expect(await redirectOf(app.guards.requireAdmin(request("/dashboard", forged)))).toBe(
      "/auth?redirectTo=%2Fdashboard",
    );
    expect(await app.viewer.getViewer(request("/", forged))).toEqual({ user: null, isAdmin: false });
  });

  it("sends signed-in non-admins home", async () => {
    expect(await redirectOf(app.guards.requireAdmin(request("/dashboard", memberCookie)))).toBe("/");
    const { user } = await app.guards.requireUser(request("/dashboard", memberCookie));
    expect(user).toMatchObject({ email: "member@example.com", name: "member" });
  });

  it("lets admins through, and a revoke takes effect on the next request", async () => {
    const { user } = await app.guards.requireAdmin(request("/dashboard", adminCookie));
    expect(user.email).toBe("admin@example.com");
    expect(await app.viewer.getViewer(request("/", adminCookie))).toMatchObject({ isAdmin: true });

    const roles = await import("../auth/roles.server");
    await roles.revokeAdmin(app.db, "admin@example.com");
    expect(await redirectOf(app.guards.requireAdmin(request("/dashboard", adminCookie)))).toBe("/");
    expect(await app.viewer.getViewer(request("/", adminCookie))).toMatchObject({ isAdmin: false });
    await roles.grantAdmin(app.db, "admin@example.com");
  });

  it("ends a session 30 days after sign-in, however active", async () => {
    const cookie = await signedInCookie(app, "old@example.com");
    const { session } = app.schema;
    const [account] = await app.db
      .select({ id: app.schema.user.id })
      .from(app.schema.user)
      .where(app.drizzle.eq(app.schema.user.email, "old@example.com"));
    await app.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
      .where(app.drizzle.eq(session.userId, account!.id));

    const result = await app.viewer.getSession(request("/", cookie));
    expect(result.session).toBeNull();
    expect(result.headers?.getSetCookie().some((value) => /session_token=;/.test(value))).toBe(true);
    expect(await app.db.select().from(session).where(app.drizzle.eq(session.userId, account!.id))).toEqual(
      [],
    );
  });
});

describe("viewer without a session cookie", () => {
  it("never opens the database", async () => {
    vi.resetModules();
    // Nothing listens here: any database access would fail.
    process.env.DATABASE_URL = "postgres://nobody@127.0.0.1:1/none";
    process.env.BETTER_AUTH_SECRET = "test-secret-test-secret-test-secret-0123";
    try {
      const { getViewer } = await import("../auth/viewer.server");
      expect(await getViewer(request("/", "theme=dark; toast=x"))).toEqual({ user: null, isAdmin: false });
      expect(await getViewer(request("/"))).toEqual({ user: null, isAdmin: false });
    } finally {
      delete process.env.DATABASE_URL;
    }
  });
});
