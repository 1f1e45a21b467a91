import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as schema from "~db/schema";
import * as twoFactorRoute from "~/routes/account.two-factor";
import * as accountLayout from "~/routes/account.layout";
import { throughMiddleware } from "../../tests/support/route-middleware";
import * as actions from "~/lib/auth/auth-actions.server";
import { createAccount } from "~db/seed/seed.server";
import { createTestApp, createTestContext } from "../../tests/support/test-context";
import { totpCode } from "../../tests/support/totp";
import { type Backend, testBackends } from "../../tests/support/test-database";

/**
 * Enrolling an authenticator and changing backup codes, driven through the
 * /account/two-factor route and the sign-in action on a real database.
 */
async function loadApp(backend: Backend) {
  const app = await createTestApp(backend, { ADMIN_EMAILS: "boss@example.com" });
  return { ...app, context: (clientIp = "198.51.100.20") => createTestContext(app.services, clientIp) };
}

type App = Awaited<ReturnType<typeof loadApp>>;
type LoaderArgs = Parameters<typeof twoFactorRoute.loader>[0];
type ActionArgs = Parameters<typeof twoFactorRoute.action>[0];

const SITE = "http://127.0.0.1:4999";
const PASSWORD = "owner-chose-a-long-one-7";

/** The `name=value` pairs a response sets, non-empty ones only. */
function cookiesSetBy(response: Response): string[] {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="));
}

function cookieNamed(response: Response, part: string): string | undefined {
  return cookiesSetBy(response).find((pair) => pair.split("=")[0]!.includes(part));
}

function statusOf(result: unknown): number {
  if (result instanceof Response) return result.status;
  return (result as { init?: { status?: number } | null }).init?.status ?? 200;
}

async function settle(promise: Promise<unknown>): Promise<unknown> {
  try {
    return await promise;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe.each(testBackends)("/account/two-factor on %s", (backend) => {
  let app: App;
  let userId: string;
  beforeAll(async () => {
    app = await loadApp(backend);
    userId = await createAccount(app.db, app.services.env, {
      name: "Owner",
      email: "owner@example.com",
      password: PASSWORD,
    });
  });
  afterAll(async () => {
    await app?.dispose();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function signInWithPassword(ip = "198.51.100.21"): Promise<string> {
    const form = new FormData();
    form.set("email", "owner@example.com");
    form.set("password", PASSWORD);
    const result = await actions.signIn(
      app.context(ip),
      new Request(`${SITE}/auth`, { method: "POST" }),
      form,
    );
    if (!(result instanceof Response)) throw new Error("password sign-in refused");
    const session = cookieNamed(result, "session_token");
    if (!session) throw new Error("no session cookie");
    return session;
  }

  function page(cookie: string) {
    const request = new Request(`${SITE}/account/two-factor`, { headers: { cookie } });
    const context = app.context();
    return settle(
      throughMiddleware(context, request, accountLayout.middleware, () =>
        twoFactorRoute.loader({ request, params: {}, context } as unknown as LoaderArgs),
      ),
    ) as Promise<{ data: { state: { step: string; backupCodes?: string[]; setup?: { secret: string } } } }>;
  }

  function post(cookie: string, fields: Record<string, string>) {
    const request = new Request(`${SITE}/account/two-factor`, {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams(fields),
    });
    const context = app.context();
    return settle(
      throughMiddleware(context, request, accountLayout.middleware, () =>
        twoFactorRoute.action({ request, params: {}, context } as unknown as ActionArgs),
      ),
    );
  }

  async function sessionIds(): Promise<string[]> {
    const rows = await app.db
      .select({ id: schema.session.id })
      .from(schema.session)
      .where(eq(schema.session.userId, userId));
    return rows.map((row) => row.id);
  }

  async function storedBackupCodes(): Promise<string> {
    const [row] = await app.db
      .select({ codes: schema.twoFactor.backupCodes })
      .from(schema.twoFactor)
      .where(eq(schema.twoFactor.userId, userId));
    return row?.codes ?? "";
  }

  let ownerCookie = "";
  let onceCookie = "";

  it("finding 1: a session signed in with the password while the authenticator is confirmed does not survive it", async () => {
    const passwordSession = await signInWithPassword();
    expect(statusOf(await post(passwordSession, { intent: "start", password: PASSWORD }))).toBe(302);
    const setup = (await page(passwordSession)).data.state;
    expect(setup.step).toBe("verify");
    const code = totpCode(setup.setup!.secret);

    // The attacker, who knows the password, signs in while the code is being
    // checked: the row is stamped later than the check started.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 2_000);
    const attacker = await signInWithPassword("192.0.2.66");
    vi.useRealTimers();
    expect(await sessionIds()).toHaveLength(2);

    const confirmed = (await post(passwordSession, { intent: "verify", code })) as Response;
    expect(confirmed.status).toBe(302);
    ownerCookie = cookieNamed(confirmed, "session_token")!;
    onceCookie = cookieNamed(confirmed, "backup_codes_once")!;
    expect(ownerCookie).toBeDefined();

    // Only the session that has just proved the code lives on.
    expect(await sessionIds()).toHaveLength(1);
    const codesBefore = await storedBackupCodes();
    const regenerated = await post(attacker, { intent: "regenerate", password: PASSWORD });
    expect(regenerated instanceof Response && regenerated.headers.get("Location")).toMatch(/^\/auth\?/);
    expect(await storedBackupCodes()).toBe(codesBefore);
  });

  it("finding 7: the backup codes show once, not again with the same cookie", async () => {
    const cookie = `${ownerCookie}; ${onceCookie}`;
    const first = await page(cookie);
    expect(first.data.state.step).toBe("codes");
    expect(first.data.state.backupCodes).toHaveLength(10);
    // Replaying the cookie (the browser was told to drop it; an attacker keeps it).
    expect((await page(cookie)).data.state.step).toBe("on");
  });

  it("finding 7: the permission to show new backup codes expires after 5 minutes", async () => {
    const regenerated = (await post(ownerCookie, { intent: "regenerate", password: PASSWORD })) as Response;
    expect(regenerated.status).toBe(302);
    const once = cookieNamed(regenerated, "backup_codes_once")!;
    expect(once).toBeDefined();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1_000);
    expect((await page(`${ownerCookie}; ${once}`)).data.state.step).toBe("on");
  });

  it("finding 1: a session that proved no second factor can neither regenerate nor turn off backup codes", async () => {
    // However a password-only session of this account came about.
    const [current] = await sessionIds();
    await app.db.update(schema.session).set({ secondFactor: null }).where(eq(schema.session.id, current!));
    const codesBefore = await storedBackupCodes();
    for (const intent of ["regenerate", "disable"]) {
      const answer = await post(ownerCookie, { intent, password: PASSWORD });
      expect(statusOf(answer), intent).toBe(403);
    }
    expect(await storedBackupCodes()).toBe(codesBefore);
    expect((await page(ownerCookie)).data.state.step).toBe("locked");
    const [account] = await app.db
      .select({ on: schema.user.twoFactorEnabled })
      .from(schema.user)
      .where(eq(schema.user.id, userId));
    expect(account?.on).toBe(true);
  });
});
