import { eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~db/schema";
import { signInAdminWithTotp } from "../tests/support/admin-session";
import { createTestApp, createTestContext } from "../tests/support/test-context";
import { sessionCookieName } from "~/lib/auth/auth.server";
import { grantAdmin } from "~/lib/auth/roles.server";
import { loader, middleware } from "~/root";

type App = Awaited<ReturnType<typeof createTestApp>>;

/** A request to `/` through the root route as React Router serves it: its middleware, then its loader. */
async function loadRoot(context: RouterContextProvider, cookie: string) {
  const request = new Request("http://127.0.0.1:4999/", { headers: { cookie } });
  const args = { request, url: new URL(request.url), pattern: "/", context, params: {} };
  let loaded: Awaited<ReturnType<typeof loader>> | undefined;
  const run = async (index: number): Promise<Response> => {
    const next = middleware[index];
    if (!next) {
      loaded = await loader(args);
      return new Response(null);
    }
    return (await next(args, () => run(index + 1))) ?? new Response(null);
  };
  await run(0);
  if (!loaded) throw new Error("the root loader did not run");
  return loaded.data;
}

async function passwordSession(app: App, email: string, password: string): Promise<string> {
  const { headers } = await app.auth.api.signInEmail({ body: { email, password }, returnHeaders: true });
  const cookie = headers
    .getSetCookie()
    .find((value) => value.startsWith(`${sessionCookieName(app.services.env)}=`));
  if (!cookie) throw new Error("no session cookie");
  return cookie.split(";")[0]!;
}

describe("the root loader", () => {
  let app: App;
  let passwordOnly: string;
  let proven: string;
  beforeAll(async () => {
    app = await createTestApp("pglite");
    const account = { email: "admin@example.com", password: "a-long-admin-password" };
    await app.auth.api.signUpEmail({ body: { name: "Ada", ...account } });
    await app.db.update(schema.user).set({ emailVerified: true }).where(eq(schema.user.email, account.email));
    await grantAdmin(app.db, account.email);
    // A session from before the second factor was set up: what an attacker
    // with the password could hold while the admin enrols.
    passwordOnly = await passwordSession(app, account.email, account.password);
    ({ cookie: proven } = await signInAdminWithTotp(app.auth, sessionCookieName(app.services.env), account));
    await app.db.insert(schema.contactSubmissions).values({
      name: "Una Unread",
      email: "una@example.test",
      interest: "gold-buying",
      message: "An unread inquiry.",
    });
  });
  afterAll(async () => {
    await app?.dispose();
  });

  it("finding 11: sends the unread count only to an admin session that proved a second factor", async () => {
    const withFactor = await loadRoot(createTestContext(app.services), proven);
    expect(withFactor.viewer.isAdmin).toBe(true);
    expect(withFactor.unreadCount).toBe(1);

    const withoutFactor = await loadRoot(createTestContext(app.services), passwordOnly);
    expect(withoutFactor.viewer.isAdmin).toBe(true);
    expect(withoutFactor.unreadCount).toBeUndefined();
  });
});
