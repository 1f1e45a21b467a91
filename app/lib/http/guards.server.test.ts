import { eq, sql } from "drizzle-orm";
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~db/schema";
import { signInAdminWithTotp } from "../../../tests/support/admin-session";
import { createTestApp, createTestContext, createTestServices } from "../../../tests/support/test-context";
import { type Backend, createTestDatabase, testBackends } from "../../../tests/support/test-database";
import { sessionCookieName } from "~/lib/auth/auth.server";
import { grantAdmin, recordAdminPasswordLength, revokeAdmin } from "~/lib/auth/roles.server";
import { getSession } from "~/lib/auth/viewer.server";
import { guardedUser, requireAdminMiddleware, requireUserMiddleware } from "~/lib/http/guards.server";
import { readRequestSession, sessionMiddleware, viewerOf } from "~/lib/http/request-session.server";

/**
 * The root's session middleware and the layouts' guards, given a context
 * around a database of their own per backend, as the server gives them one.
 */
async function loadApp(backend: Backend) {
  const app = await createTestApp(backend, { ADMIN_EMAILS: "boss@example.com" });
  return { ...app, cookieName: sessionCookieName(app.services.env) };
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

type Handler = (context: RouterContextProvider) => Response | Promise<Response>;

/**
 * A request through middleware as React Router runs it: each calls the
 * next, and a Response thrown inside comes back to the ones outside as the
 * answer. The handler stands for the route's loader or action.
 */
async function serve(
  context: RouterContextProvider,
  req: Request,
  middleware: MiddlewareFunction<Response>[],
  handler: Handler = () => new Response("served"),
): Promise<Response> {
  const args = { request: req, url: new URL(req.url), pattern: "/", params: {}, context };
  const run = async (index: number): Promise<Response> => {
    const current = middleware[index];
    if (!current) return handler(context);
    try {
      return (await current(args, () => run(index + 1))) ?? new Response(null);
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  };
  return run(0);
}

/** Where a guard sent the request, or null when it reached the route. */
async function redirectOf(app: App, guard: MiddlewareFunction<Response>, url: string, cookie?: string) {
  const response = await serve(createTestContext(app.services), request(url, cookie), [
    sessionMiddleware,
    guard,
  ]);
  if (response.status === 200) return null;
  expect(response.status).toBe(302);
  return response.headers.get("Location");
}

/** The user a guard let through, as the route reads it. */
async function userPastGuard(app: App, guard: MiddlewareFunction<Response>, cookie: string) {
  let user: ReturnType<typeof guardedUser> | undefined;
  const response = await serve(
    createTestContext(app.services),
    request("/dashboard", cookie),
    [sessionMiddleware, guard],
    (context) => {
      user = guardedUser(context);
      return new Response("served");
    },
  );
  expect(response.status).toBe(200);
  return user;
}

/** The viewer the root loader shows in the header. */
async function viewerFor(app: App, cookie?: string) {
  let viewer: ReturnType<typeof viewerOf> | undefined;
  await serve(createTestContext(app.services), request("/", cookie), [sessionMiddleware], (context) => {
    viewer = viewerOf(readRequestSession(context));
    return new Response("served");
  });
  return viewer;
}

describe.each(testBackends)("session middleware and guards on %s", (backend) => {
  let app: App;
  let memberCookie: string;
  let adminCookie: string;
  beforeAll(async () => {
    app = await loadApp(backend);
    memberCookie = await signedInCookie(app, "member@example.com");
    const passwordOnly = await signedInCookie(app, "admin@example.com", ADMIN_PASSWORD);
    await grantAdmin(app.db, "admin@example.com");
    // An admin without a second factor is sent to set one up.
    expect(await redirectOf(app, requireAdminMiddleware, "/dashboard.data?q=x", passwordOnly)).toBe(
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
    expect(await redirectOf(app, requireUserMiddleware, "/dashboard?filter=unread")).toBe(expected);
    expect(await redirectOf(app, requireAdminMiddleware, "/dashboard?filter=unread")).toBe(expected);
  });

  it("treats a forged or unknown session cookie as anonymous", async () => {
    const forged = `${app.cookieName}=abc.def`;
    expect(await redirectOf(app, requireAdminMiddleware, "/dashboard", forged)).toBe(
      "/auth?redirectTo=%2Fdashboard",
    );
    expect(await viewerFor(app, forged)).toEqual({ user: null, isAdmin: false });
  });

  it("sends signed-in non-admins home", async () => {
    expect(await redirectOf(app, requireAdminMiddleware, "/dashboard", memberCookie)).toBe("/");
    const user = await userPastGuard(app, requireUserMiddleware, memberCookie);
    expect(user).toMatchObject({ email: "member@example.com", name: "member" });
  });

  it("lets admins through, and a revoke takes effect on the next request", async () => {
    const user = await userPastGuard(app, requireAdminMiddleware, adminCookie);
    expect(user?.email).toBe("admin@example.com");
    expect(await viewerFor(app, adminCookie)).toMatchObject({ isAdmin: true });

    await revokeAdmin(app.db, "admin@example.com");
    expect(await redirectOf(app, requireAdminMiddleware, "/dashboard", adminCookie)).toBe("/");
    expect(await viewerFor(app, adminCookie)).toMatchObject({ isAdmin: false });
    await grantAdmin(app.db, "admin@example.com");
  });

  it("sends an admin whose password was not seen to have 12 characters to set a longer one", async () => {
    const id = await idOf(app, "admin@example.com");
    await recordAdminPasswordLength(app.db, id, "short-9ch");
    expect(await redirectOf(app, requireAdminMiddleware, "/dashboard", adminCookie)).toBe(
      "/account#change-password",
    );
    await recordAdminPasswordLength(app.db, id, ADMIN_PASSWORD);
    const response = await serve(
      createTestContext(app.services),
      request("/dashboard", adminCookie),
      [sessionMiddleware, requireAdminMiddleware],
      (context) => new Response(guardedUser(context).email),
    );
    expect(await response.text()).toBe("admin@example.com");
  });

  it("reads the session once per request, however many guards and loaders ask", async () => {
    let reads = 0;
    const counting = createTestContext({
      ...app.services,
      auth: {
        ...app.auth,
        api: {
          ...app.auth.api,
          getSession: ((...args: Parameters<typeof app.auth.api.getSession>) => {
            reads += 1;
            return app.auth.api.getSession(...args);
          }) as typeof app.auth.api.getSession,
        },
      },
    });
    const response = await serve(
      counting,
      request("/dashboard", adminCookie),
      [sessionMiddleware, requireUserMiddleware, requireAdminMiddleware],
      (context) => {
        // The root loader and the page read the same session.
        expect(viewerOf(readRequestSession(context)).isAdmin).toBe(true);
        expect(guardedUser(context).email).toBe("admin@example.com");
        return new Response("served");
      },
    );
    expect(response.status).toBe(200);
    expect(reads).toBe(1);
  });

  it("marks what a guard lets through as private, keeping an event stream's no-transform", async () => {
    const served = (cacheControl?: string) =>
      serve(
        createTestContext(app.services),
        request("/dashboard", adminCookie),
        [sessionMiddleware, requireAdminMiddleware],
        () => new Response("ok", { headers: cacheControl ? { "Cache-Control": cacheControl } : {} }),
      );
    expect((await served()).headers.get("Cache-Control")).toBe("private, no-store");
    expect((await served("public, max-age=3600")).headers.get("Cache-Control")).toBe("private, no-store");
    expect((await served("no-cache, no-transform")).headers.get("Cache-Control")).toBe(
      "private, no-store, no-transform",
    );
  });

  it("gives a route outside a guarded layout no user, loudly", async () => {
    const response = serve(
      createTestContext(app.services),
      request("/dashboard", adminCookie),
      [sessionMiddleware],
      (context) => new Response(guardedUser(context).email),
    );
    await expect(response).rejects.toThrow();
  });

  it("ends a session 30 days after sign-in, however active, and clears its cookie", async () => {
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

    const result = await getSession(createTestContext(app.services), request("/", cookie));
    expect(result.session).toBeNull();
    expect(result.headers?.getSetCookie().some((value) => /session_token=;/.test(value))).toBe(true);
    expect(await app.db.select().from(session).where(eq(session.userId, account!.id))).toEqual([]);
  });

  it("puts Better Auth's cookie change on the answer, unless the answer sets that cookie itself", async () => {
    const ended = async (handler: Handler) => {
      const cookie = await signedInCookie(app, `ended-${Math.random().toString(36).slice(2)}@example.com`);
      await app.db
        .update(schema.session)
        .set({ createdAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
        .where(eq(schema.session.token, decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!));
      return serve(
        createTestContext(app.services),
        request("/account", cookie),
        [sessionMiddleware, requireUserMiddleware],
        handler,
      );
    };
    // Past its lifetime: the sign-in redirect also clears the cookie.
    const redirected = await ended(() => new Response("not reached"));
    expect(redirected.headers.get("Location")).toBe("/auth?redirectTo=%2Faccount");
    expect(redirected.headers.getSetCookie().some((value) => /session_token=;/.test(value))).toBe(true);

    const own = `${app.cookieName}=chosen-by-the-route; Path=/`;
    const answered = await serve(
      createTestContext(app.services),
      request("/", `${app.cookieName}=abc.def`),
      [sessionMiddleware],
      () => new Response("ok", { headers: { "Set-Cookie": own } }),
    );
    expect(answered.headers.getSetCookie().filter((value) => value.startsWith(`${app.cookieName}=`))).toEqual(
      [own],
    );
  });
});

describe("session middleware without a session cookie", () => {
  it("never opens the database", async () => {
    // A closed database: any query would fail.
    const database = await createTestDatabase("pglite");
    await database.dispose();
    await expect(database.db.execute(sql`select 1`)).rejects.toThrow();
    const services = createTestServices(database);
    const viewerOfRequest = async (cookie?: string) => {
      let viewer: ReturnType<typeof viewerOf> | undefined;
      await serve(createTestContext(services), request("/", cookie), [sessionMiddleware], (context) => {
        viewer = viewerOf(readRequestSession(context));
        return new Response("served");
      });
      return viewer;
    };
    expect(await viewerOfRequest("theme=dark; toast=x")).toEqual({ user: null, isAdmin: false });
    expect(await viewerOfRequest()).toEqual({ user: null, isAdmin: false });
  });
});
