import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "~/lib/db/db.server";
import { rateLimits } from "~db/schema";
import { freePort, type ServerProcess, spawnDevServer } from "../tests/support/server-process";
import { startSmtpSink } from "../tests/support/smtp-sink";
import { totpCode } from "../tests/support/totp";
import { createPgliteDataDir } from "../tests/support/test-database";

// Vite transforms the app on the first requests: slow on a loaded machine.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const ADMIN = {
  fullName: "Dev Mode Admin",
  email: "dev.admin@example.test",
  // Long and random-looking, so a password-strength check accepts it.
  password: "quartz-lantern-Mbogo-4719-drifting",
};

/**
 * `npm run dev` is the real app: the same Express server as production, with
 * its background jobs (the mail worker delivers the verification mail, the
 * ADMIN_EMAILS sync makes the admin), guards, headers and probes.
 */
describe("npm run dev", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let dataDir: string;
  let server: ServerProcess;
  let exitCode: number | null = null;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    dataDir = createPgliteDataDir("dev-mode-");
    const port = String(await freePort());
    server = await spawnDevServer({
      PORT: port,
      SITE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      ADMIN_EMAILS: ADMIN.email,
    });
  });
  afterAll(async () => {
    if (exitCode === null) await server?.stop("SIGKILL");
    await smtp?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const postForm = (urlPath: string, fields: Record<string, string>, cookie = "") =>
    fetch(`${server.url}${urlPath}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, cookie },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });

  const sessionCookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0]!)
      .find((cookie) => cookie.includes("session_token=") && !cookie.endsWith("="));

  it("serves pages through Vite with the production headers and guards", async () => {
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    const csp = home.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self' 'nonce-");
    // Vite's client keeps a websocket to the same server for hot reload.
    expect(csp).toContain(`ws://${new URL(server.url).host}`);
    expect(home.headers.get("x-frame-options")).toBe("DENY");
    expect((await fetch(`${server.url}/@vite/client`)).status).toBe(200);
    // A content page, which ships no script in production, loads React
    // Router's hot-reload runtime here, so an edited headline shows at once.
    expect(await home.text()).toContain("virtual:react-router/inject-hmr-runtime");

    const crossSite = await fetch(`${server.url}/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: "name=x",
    });
    expect(crossSite.status).toBe(403);
    const json = await fetch(`${server.url}/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: "{}",
    });
    expect(json.status).toBe(415);
  });

  it("signs up, delivers the verification mail, and lets the admin sign in to /dashboard", async () => {
    const signUp = await postForm("/auth", {
      intent: "sign-up",
      fullName: ADMIN.fullName,
      email: ADMIN.email,
      password: ADMIN.password,
      confirmPassword: ADMIN.password,
    });
    expect(signUp.status).toBeLessThan(400);

    // Delivered by the job worker (beside the week's report a first start catches up on).
    const mail = await smtp.waitFor(
      (m) => m.to.includes(ADMIN.email) && !String(m.headers.subject).startsWith("Weekly report"),
      60_000,
    );
    expect(mail.headers.subject).toContain("Verify your email address");
    const link = /https?:\/\/\S+\/auth\/verify-email\?token=[^\s"<>]+/.exec(mail.decoded)?.[0];
    expect(link).toBeDefined();
    // The link opens the sign-in form; signing in there with the password confirms the address.
    const verify = await fetch(link!.replace(/&amp;/g, "&"), { redirect: "manual" });
    expect(verify.status).toBe(302);
    const verifyToken = new URL(verify.headers.get("location")!, server.url).searchParams.get("verify");
    expect(verifyToken).toBeTruthy();

    const signIn = await postForm("/auth", {
      intent: "sign-in",
      email: ADMIN.email,
      password: ADMIN.password,
      verifyToken: verifyToken!,
      redirectTo: "/dashboard",
    });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("location")).toBe("/dashboard");
    let session = sessionCookieOf(signIn);
    expect(session).toBeDefined();

    // The ADMIN_EMAILS grant came at that verified sign-in; an admin sets up
    // an authenticator before any dashboard page.
    const unenrolled = await fetch(`${server.url}/dashboard`, {
      headers: { cookie: session! },
      redirect: "manual",
    });
    expect(unenrolled.status).toBe(302);
    const enrolPath = new URL(unenrolled.headers.get("location")!, server.url).pathname;
    expect(enrolPath).toBe("/account/two-factor");
    expect((await postForm(enrolPath, { intent: "start", password: ADMIN.password }, session)).status).toBe(
      302,
    );
    const setup = await (await fetch(`${server.url}${enrolPath}`, { headers: { cookie: session! } })).text();
    // Shown in groups of four for typing.
    const secret = /data-testid="totp-secret"[^>]*>([A-Z2-7 ]+)</.exec(setup)?.[1]?.replaceAll(" ", "");
    expect(secret).toBeDefined();
    const enrolled = await postForm(enrolPath, { intent: "verify", code: totpCode(secret!) }, session);
    expect(enrolled.status).toBe(302);
    session = sessionCookieOf(enrolled) ?? session;

    const dashboard = await fetch(`${server.url}/dashboard`, {
      headers: { cookie: session! },
      redirect: "manual",
    });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain("Admin Dashboard");
  });

  it("stops gracefully on SIGTERM and keyed its rate limits by the client's address", async () => {
    // The server itself, not npm: npm would exit without waiting for it.
    const listening = server
      .stdout()
      .split("\n")
      .find((line) => line.includes('"server listening"'));
    process.kill((JSON.parse(listening!) as { pid: number }).pid, "SIGTERM");
    exitCode = await server.exited;
    expect(exitCode).toBe(0);
    expect(server.stdout()).toContain("shutdown complete");

    const database = await openDatabase({ kind: "pglite", dataDir });
    try {
      const keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.filter((key) => key.includes("undefined"))).toEqual([]);
      expect(keys.some((key) => key.includes("127.0.0.1"))).toBe(true);
    } finally {
      await database.close();
    }
  });
});
