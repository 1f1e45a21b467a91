import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as authSchema from "~db/auth-schema";
import * as schema from "~db/schema";
import * as resetPasswordRoute from "~/routes/auth.reset-password";
import * as verifyRoute from "~/routes/auth.verify-email";
import { mailJobs } from "../../../tests/support/job-rows";
import { createTestApp, createTestContext } from "../../../tests/support/test-context";
import { type Backend, testBackends } from "../../../tests/support/test-database";
import * as actions from "~/lib/auth/auth-actions.server";
import * as roles from "~/lib/auth/roles.server";

/**
 * The account attacks of the security reviews, driven through the real actions and the
 * verification route on a real database: each backend gets its own
 * database, and the actions a context with boss@example.com in ADMIN_EMAILS.
 */
async function loadApp(backend: Backend) {
  const app = await createTestApp(backend, { ADMIN_EMAILS: "boss@example.com" });
  return {
    ...app,
    /** A request's context, from this client address. */
    context: (clientIp: string) => createTestContext(app.services, clientIp),
  };
}

type App = Awaited<ReturnType<typeof loadApp>>;

const SITE = "http://127.0.0.1:4999";
const OWNER_PASSWORD = "owner-chose-this-one-9";
const ATTACKER_PASSWORD = "attacker-knows-this-4";

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

function post(pathname: string, cookie?: string): Request {
  return new Request(`${SITE}${pathname}`, { method: "POST", headers: cookie ? { cookie } : {} });
}

/** The status of an action's answer: a Response, or data() with its init. */
function statusOf(result: unknown): number {
  if (result instanceof Response) return result.status;
  const init = (result as { init?: { status?: number } | null }).init;
  return init?.status ?? 200;
}

function sessionCookieIn(result: unknown): string | null {
  if (!(result instanceof Response)) return null;
  const cookie = result.headers.getSetCookie().find((value) => value.includes("session_token="));
  return cookie ? cookie.split(";")[0]! : null;
}

describe.each(testBackends)("account takeover attacks on %s", (backend) => {
  let app: App;
  beforeAll(async () => {
    app = await loadApp(backend);
  });
  afterAll(async () => {
    await app?.dispose();
  });

  const signUp = (name: string, email: string, password: string) =>
    actions.signUp(
      app.context("198.51.100.7"),
      post("/auth"),
      form({ fullName: name, email, password, confirmPassword: password }),
    );
  const signIn = (email: string, password: string, verifyToken = "", ip = "198.51.100.8") =>
    actions.signIn(app.context(ip), post("/auth"), form({ email, password, verifyToken }));
  const openLink = (token: string) =>
    verifyRoute.loader({
      request: new Request(`${SITE}/auth/verify-email?token=${encodeURIComponent(token)}`),
      params: {},
      context: app.context("203.0.113.9"),
    } as unknown as Parameters<typeof verifyRoute.loader>[0]);

  async function mailsTo(email: string, kind: string) {
    const rows = await mailJobs(app.db, kind);
    return rows.filter((row) => row.to.includes(email));
  }

  async function latestVerifyToken(email: string): Promise<string> {
    const mail = (await mailsTo(email, "auth-verify-email")).at(-1);
    const token = /verify-email\?token=([^\s]+)/.exec(mail?.text ?? "")?.[1];
    if (!token) throw new Error(`no verification mail to ${email}`);
    return decodeURIComponent(token);
  }

  async function accountOf(email: string) {
    const [row] = await app.db
      .select({
        id: authSchema.user.id,
        verified: authSchema.user.emailVerified,
        name: authSchema.user.name,
      })
      .from(authSchema.user)
      .where(eq(authSchema.user.email, email));
    if (!row) throw new Error(`no account ${email}`);
    return { ...row, isAdmin: await roles.isAdmin(app.db, row.id) };
  }

  it("finding 1: account pre-hijacking cannot grant admin: the owner's click never confirms the attacker's password", async () => {
    const boss = "boss@example.com";
    // The attacker registers the listed address with a password of their own.
    await signUp("Boss", boss, ATTACKER_PASSWORD);
    const attackersLink = await latestVerifyToken(boss);

    // The real owner clicks the genuine mail: nothing is verified, no one signed in.
    const opened = await openLink(attackersLink);
    expect(sessionCookieIn(opened)).toBeNull();
    expect(await accountOf(boss)).toMatchObject({ verified: false, isAdmin: false });

    // The attacker signs in with their password: refused, and no admin.
    const attempt = await signIn(boss, ATTACKER_PASSWORD);
    expect(sessionCookieIn(attempt)).toBeNull();
    expect(statusOf(attempt)).toBe(403);
    expect(await accountOf(boss)).toMatchObject({ verified: false, isAdmin: false });

    // The owner signs up too: their password replaces the attacker's, and
    // the earlier link stops working.
    // (Later than the attacker's: a signed link names the second it was made.)
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 5_000);
    await signUp("The Boss", boss, OWNER_PASSWORD);
    vi.useRealTimers();
    expect(await accountOf(boss)).toMatchObject({ name: "The Boss", verified: false });
    expect((await signIn(boss, ATTACKER_PASSWORD)) instanceof Response).toBe(false);
    const stale = (await openLink(attackersLink)) as Response;
    expect(stale.headers.get("Location")).toBe("/auth");
    expect(sessionCookieIn(await signIn(boss, OWNER_PASSWORD, attackersLink))).toBeNull();

    // The owner's own link, with the password they set, verifies and signs in as admin.
    const ownersLink = await latestVerifyToken(boss);
    expect(ownersLink).not.toBe(attackersLink);
    const owner = await signIn(boss, OWNER_PASSWORD, ownersLink);
    expect(sessionCookieIn(owner)).not.toBeNull();
    expect(await accountOf(boss)).toMatchObject({ verified: true, isAdmin: true });

    // The attacker's password stays useless.
    expect(sessionCookieIn(await signIn(boss, ATTACKER_PASSWORD, "", "192.0.2.66"))).toBeNull();
  });

  it("finding 5: opening someone else's unused verification link signs you into nothing", async () => {
    const victim = "victim@example.com";
    await signUp("Victim", victim, OWNER_PASSWORD);
    const token = await latestVerifyToken(victim);
    const opened = (await openLink(token)) as Response;
    expect(sessionCookieIn(opened)).toBeNull();
    expect(opened.headers.get("Location")).toMatch(/^\/auth\?verify=/);
    // Nor does the form it opens, without the victim's password.
    expect(sessionCookieIn(await signIn(victim, "not-the-password-1", token))).toBeNull();
    expect(await accountOf(victim)).toMatchObject({ verified: false });
  });

  it("finding 6: after a successful reset, every other reset link of the user is invalid", async () => {
    const email = "reset@example.com";
    await signUp("Reset", email, OWNER_PASSWORD);
    await signIn(email, OWNER_PASSWORD, await latestVerifyToken(email));
    const auth = app.auth;
    await auth.api.requestPasswordReset({ body: { email } });
    await auth.api.requestPasswordReset({ body: { email } });
    const tokens = (await mailsTo(email, "auth-reset-password")).map(
      (mail) => /reset-password\?token=([^\s]+)/.exec(mail.text)![1]!,
    );
    expect(tokens).toHaveLength(2);
    await auth.api.resetPassword({
      body: { token: decodeURIComponent(tokens[1]!), newPassword: "brand-new-secret-42" },
    });
    await expect(
      auth.api.resetPassword({
        body: { token: decodeURIComponent(tokens[0]!), newPassword: "attacker-secret-42" },
      }),
    ).rejects.toThrow();
    expect(sessionCookieIn(await signIn(email, "brand-new-secret-42"))).not.toBeNull();
  });

  it("finding 4: common passwords are refused after the spec's two checks", async () => {
    const refusal = async (email: string, password: string, confirmPassword = password) => {
      const result = await actions.signUp(
        app.context("198.51.100.40"),
        post("/auth"),
        form({ fullName: "Pat Password", email, password, confirmPassword }),
      );
      if (result instanceof Response) return null;
      expect(statusOf(result)).toBe(400);
      return (result as { data: { fieldErrors?: Record<string, string> } }).data.fieldErrors ?? {};
    };
    const tooWeak = "Password is too common or easy to guess. Try a longer one, e.g. several unrelated words";
    // The spec's checks first, in their order.
    expect(await refusal("weak@example.com", "123456", "123457")).toEqual({
      confirmPassword: "Passwords do not match",
    });
    expect(await refusal("weak@example.com", "12345")).toEqual({
      password: "Password must be at least 6 characters",
    });
    // Then the strength.
    for (const common of ["123456", "aaaaaa", "password1", "weak@example.com"]) {
      expect(await refusal("weak@example.com", common)).toEqual({ password: tooWeak });
    }
    const [stored] = await app.db
      .select({ id: authSchema.user.id })
      .from(authSchema.user)
      .where(eq(authSchema.user.email, "weak@example.com"));
    expect(stored).toBeUndefined();

    // A strong 10-character password: sign-up answers a listed admin address
    // like any other (the admin length is asked for once it is an admin).
    expect(await refusal("boss@example.com", "kQ8#vz!2Lp")).toBeNull();
    expect(await refusal("member-strong@example.com", "kQ8#vz!2Lp")).toBeNull();
  });

  it("finding 4: a reset cannot give anyone a common password; an admin's short one closes the dashboard", async () => {
    const email = "admin-reset@example.com";
    await signUp("Admin Reset", email, OWNER_PASSWORD);
    await signIn(email, OWNER_PASSWORD, await latestVerifyToken(email));
    await roles.grantAdmin(app.db, email);
    const auth = app.auth;
    await auth.api.requestPasswordReset({ body: { email } });
    const mail = (await mailsTo(email, "auth-reset-password")).at(-1)!;
    const token = decodeURIComponent(/reset-password\?token=([^\s]+)/.exec(mail.text)![1]!);
    const reset = (password: string) => {
      const body = new URLSearchParams({ token, password, confirmPassword: password });
      return resetPasswordRoute.action({
        request: new Request(`${SITE}/auth/reset-password`, { method: "POST", body }),
        params: {},
        context: app.context("198.51.100.41"),
      } as unknown as Parameters<typeof resetPasswordRoute.action>[0]);
    };
    const common = await reset("aaaaaaaaaaaaaa");
    expect(statusOf(common)).toBe(400);
    expect((common as { data: { fieldErrors?: Record<string, string> } }).data.fieldErrors).toEqual({
      password: "Password is too common or easy to guess. Try a longer one, e.g. several unrelated words",
    });
    expect(sessionCookieIn(await signIn(email, OWNER_PASSWORD, "", "198.51.100.42"))).not.toBeNull();
    expect((await reset("kQ8#vz!2Lp")) instanceof Response).toBe(true);
    const [account] = await app.db
      .select({ longPassword: schema.userRoles.long_password })
      .from(schema.userRoles)
      .innerJoin(authSchema.user, eq(authSchema.user.id, schema.userRoles.user_id))
      .where(eq(authSchema.user.email, email));
    expect(account).toEqual({ longPassword: false });
  });

  it("finding 9: the verification mail greets without the sign-up name, which can carry phishing text", async () => {
    const email = "greeting@example.com";
    const phishing = "Customer, your gold is held. Pay the release fee at https://evil.example now";
    await signUp(phishing, email, OWNER_PASSWORD);
    const [mail] = await mailsTo(email, "auth-verify-email");
    expect(mail).toBeDefined();
    for (const body of [mail!.text, mail!.html ?? ""]) {
      expect(body).not.toContain("evil.example");
      expect(body).not.toContain("release fee");
    }
  });
});
