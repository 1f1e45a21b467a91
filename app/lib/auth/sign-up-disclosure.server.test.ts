import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as resetPasswordRoute from "~/routes/auth.reset-password";
import { createAccount } from "~db/seed/seed.server";
import { mailJobs } from "../../../tests/support/job-rows";
import { createTestApp, createTestContext } from "../../../tests/support/test-context";
import { type Backend, testBackends } from "../../../tests/support/test-database";
import * as actions from "~/lib/auth/auth-actions.server";
import { grantAdmin } from "~/lib/auth/roles.server";

/**
 * What sign-up and reset answers tell about an address: driven through the
 * real actions on a real database, with boss@example.com in ADMIN_EMAILS.
 */
async function loadApp(backend: Backend) {
  const app = await createTestApp(backend, { ADMIN_EMAILS: "boss@example.com" });
  return { ...app, context: (clientIp: string) => createTestContext(app.services, clientIp) };
}

type App = Awaited<ReturnType<typeof loadApp>>;
type ResetArgs = Parameters<typeof resetPasswordRoute.action>[0];

const SITE = "http://127.0.0.1:4999";
/** Strong, and shorter than an admin's 12 characters. */
const SHORT_STRONG = "kQ8#vz!2Lp";
const LONG = "owner-chose-a-long-one-3";

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

/** What the visitor sees of an answer: its status, where it goes, its field errors. */
function answerOf(result: unknown) {
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location") };
  const { data, init } = result as { data: { fieldErrors?: unknown }; init?: { status?: number } | null };
  return { status: init?.status ?? 200, fieldErrors: data.fieldErrors };
}

describe.each(testBackends)("what sign-up and reset reveal on %s", (backend) => {
  let app: App;
  let ip = 10;
  beforeAll(async () => {
    app = await loadApp(backend);
  });
  afterAll(async () => {
    await app?.dispose();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const signUp = (email: string, password: string) =>
    actions.signUp(
      app.context(`198.51.100.${ip++}`),
      new Request(`${SITE}/auth`, { method: "POST" }),
      form({ fullName: "Pat Person", email, password, confirmPassword: password }),
    );

  async function resetTokenOf(email: string): Promise<string> {
    await app.auth.api.requestPasswordReset({ body: { email } });
    const mails = await mailJobs(app.db, "auth-reset-password");
    const mail = mails.filter((row) => row.to.includes(email)).at(-1);
    return decodeURIComponent(/reset-password\?token=([^\s]+)/.exec(mail?.text ?? "")![1]!);
  }

  const reset = (token: string, password: string) =>
    resetPasswordRoute.action({
      request: new Request(`${SITE}/auth/reset-password`, {
        method: "POST",
        body: new URLSearchParams({ token, password, confirmPassword: password }),
      }),
      params: {},
      context: app.context(`198.51.100.${ip++}`),
    } as unknown as ResetArgs);

  it("finding 5: sign-up answers a listed admin address exactly like any other", async () => {
    const listed = answerOf(await signUp("boss@example.com", SHORT_STRONG));
    const other = answerOf(await signUp("someone@example.com", SHORT_STRONG));
    expect(listed).toEqual(other);
    expect(other).toMatchObject({ status: 302 });
  });

  it("finding 5: a reset answers an admin's short password like a member's", async () => {
    for (const email of ["reset-admin@example.com", "reset-member@example.com"]) {
      await createAccount(app.db, app.services.env, { name: "Reset", email, password: LONG });
    }
    await grantAdmin(app.db, "reset-admin@example.com");
    const admin = answerOf(await reset(await resetTokenOf("reset-admin@example.com"), SHORT_STRONG));
    const member = answerOf(await reset(await resetTokenOf("reset-member@example.com"), SHORT_STRONG));
    expect(admin).toEqual(member);
    expect(member).toMatchObject({ status: 302, location: "/auth" });
  });

  it("finding 6: sign-up does the same work on the request path for a new, a verified and an unverified address", async () => {
    await createAccount(app.db, app.services.env, {
      name: "Vera",
      email: "verified@example.com",
      password: LONG,
    });
    await createAccount(app.db, app.services.env, {
      name: "Una",
      email: "unverified@example.com",
      password: LONG,
      verified: false,
    });
    const { password } = await app.auth.$context;
    const hash = vi.spyOn(password, "hash");
    // Timers of a tenth of a second or more that went off while sign-up ran:
    // a floor or a delay the answer waited for (not a pool's idle timers,
    // which are cleared).
    let waits = 0;
    const realSetTimeout = globalThis.setTimeout;
    vi.spyOn(globalThis, "setTimeout").mockImplementation(((
      callback: (...args: unknown[]) => void,
      delay?: number,
      ...args: unknown[]
    ) =>
      realSetTimeout(() => {
        if ((delay ?? 0) >= 100) waits++;
        callback(...args);
      }, delay)) as unknown as typeof setTimeout);
    const workOf = async (email: string) => {
      hash.mockClear();
      waits = 0;
      const started = performance.now();
      const answer = answerOf(await signUp(email, "a-new-long-passphrase-7"));
      const ms = Math.round(performance.now() - started);
      return { answer, work: { passwordHashes: hash.mock.calls.length, waits }, ms };
    };
    const fresh = await workOf("new@example.com");
    const verified = await workOf("verified@example.com");
    const unverified = await workOf("unverified@example.com");
    // A figure for the reader, not an assertion: one run each on this machine.
    console.info(
      `sign-up on ${backend}: new ${fresh.ms} ms, verified ${verified.ms} ms, unverified ${unverified.ms} ms`,
    );
    expect(fresh.work).toEqual({ passwordHashes: 1, waits: 0 });
    expect(verified.work).toEqual(fresh.work);
    expect(unverified.work).toEqual(fresh.work);
    expect(verified.answer).toEqual(fresh.answer);
    expect(unverified.answer).toEqual(fresh.answer);
    // The unverified account got its new link all the same.
    const links = await mailJobs(app.db, "auth-verify-email");
    expect(links.filter((row) => row.to.includes("unverified@example.com"))).toHaveLength(2);
  });
});
