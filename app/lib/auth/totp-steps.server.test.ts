import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as twoFactorRoute from "~/routes/account.two-factor";
import * as accountLayout from "~/routes/account.layout";
import { throughMiddleware } from "../../../tests/support/route-middleware";
import { createAccount } from "~db/seed/seed.server";
import { signInAdminWithTotp } from "../../../tests/support/admin-session";
import { createTestApp, createTestContext } from "../../../tests/support/test-context";
import { type Backend, testBackends } from "../../../tests/support/test-database";
import { totpCode } from "../../../tests/support/totp";
import * as actions from "~/lib/auth/auth-actions.server";
import { sessionCookieName } from "~/lib/auth/auth.server";
import { verifySignInSecondFactor } from "~/lib/auth/two-factor-sign-in.server";

/**
 * An authenticator code signs in once: the sign-in's second step and the
 * enrolment driven through their real actions on a real database.
 */
async function loadApp(backend: Backend) {
  const app = await createTestApp(backend);
  return { ...app, context: () => createTestContext(app.services, "198.51.100.30") };
}

type App = Awaited<ReturnType<typeof loadApp>>;
type ActionArgs = Parameters<typeof twoFactorRoute.action>[0];
type LoaderArgs = Parameters<typeof twoFactorRoute.loader>[0];

const SITE = "http://127.0.0.1:4999";
const PASSWORD = "a-long-enough-password-5";

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

/** The `name=value` cookies a response sets, joined as a browser sends them back. */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

function statusOf(result: unknown): number {
  if (result instanceof Response) return result.status;
  return (result as { init?: { status?: number } | null }).init?.status ?? 200;
}

describe.each(testBackends)("authenticator codes on %s", (backend) => {
  let app: App;
  beforeAll(async () => {
    app = await loadApp(backend);
  });
  afterAll(async () => {
    await app?.dispose();
  });

  /** The password step: the challenge cookies for the code step. */
  async function passwordStep(email: string): Promise<string> {
    const result = await actions.signIn(
      app.context(),
      new Request(`${SITE}/auth`, { method: "POST" }),
      form({ email, password: PASSWORD }),
    );
    if (!(result instanceof Response)) throw new Error("password refused");
    expect(result.headers.get("Location")).toMatch(/^\/auth\/two-factor/);
    return cookiesOf(result);
  }

  function codeStep(cookie: string, code: string) {
    return verifySignInSecondFactor(
      app.context(),
      new Request(`${SITE}/auth/two-factor`, { method: "POST", headers: { cookie } }),
      "totp",
      form({ code }),
    );
  }

  const signedIn = (result: unknown) =>
    result instanceof Response && cookiesOf(result).includes("session_token=");

  it("finding 4: one code completes one password sign-in, not a second in the same 30 seconds, nor an older code", async () => {
    const email = "tess@example.com";
    await createAccount(app.db, app.services.env, { name: "Tess", email, password: PASSWORD });
    const { secret } = await signInAdminWithTotp(app.auth, sessionCookieName(app.services.env), {
      email,
      password: PASSWORD,
    });
    const now = Date.now();
    const code = totpCode(secret, now);

    expect(signedIn(await codeStep(await passwordStep(email), code))).toBe(true);
    const replay = await codeStep(await passwordStep(email), code);
    expect(signedIn(replay)).toBe(false);
    expect(statusOf(replay)).toBe(401);
    // The window still accepts the previous step's code: not once a later one was used.
    const older = await codeStep(await passwordStep(email), totpCode(secret, now - 30_000));
    expect(signedIn(older)).toBe(false);
  });

  it("finding 4: the code that confirmed the authenticator does not also sign in", async () => {
    const email = "uma@example.com";
    await createAccount(app.db, app.services.env, { name: "Uma", email, password: PASSWORD });
    const signIn = (await actions.signIn(
      app.context(),
      new Request(`${SITE}/auth`, { method: "POST" }),
      form({ email, password: PASSWORD }),
    )) as Response;
    const session = cookiesOf(signIn);
    const post = (fields: Record<string, string>) => {
      const request = new Request(`${SITE}/account/two-factor`, {
        method: "POST",
        headers: { cookie: session },
        body: new URLSearchParams(fields),
      });
      const context = app.context();
      return throughMiddleware(context, request, accountLayout.middleware, () =>
        twoFactorRoute.action({ request, params: {}, context } as unknown as ActionArgs),
      );
    };
    await post({ intent: "start", password: PASSWORD });
    const pageRequest = new Request(`${SITE}/account/two-factor`, { headers: { cookie: session } });
    const pageContext = app.context();
    const page = (await throughMiddleware(pageContext, pageRequest, accountLayout.middleware, () =>
      twoFactorRoute.loader({
        request: pageRequest,
        params: {},
        context: pageContext,
      } as unknown as LoaderArgs),
    )) as unknown as { data: { state: { setup: { secret: string } } } };
    const code = totpCode(page.data.state.setup.secret);
    expect(statusOf(await post({ intent: "verify", code }))).toBe(302);

    const reuse = await codeStep(await passwordStep(email), code);
    expect(signedIn(reuse)).toBe(false);
  });
});
