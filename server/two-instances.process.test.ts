import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CONTACT_FORM_PURPOSE } from "~/routes/contact.server";
import { openDatabase } from "~/lib/db/db.server";
import {
  createScratchPostgresDatabase,
  dropScratchPostgresDatabase,
} from "../tests/support/scratch-postgres";
import { parseEnv } from "~/lib/env.server";
import { FORM_TOKEN_FIELD, issueFormToken } from "~/lib/http/form-guard.server";
import { createAuth } from "~/lib/auth/auth.server";
import { createAccount } from "~/lib/db/seed.server";
import { postForm, signInAdminOverHttp, signInAdminWithTotp } from "../tests/support/admin-session";
import { type ServerProcess, spawnServer } from "../tests/support/server-process";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const SECRET = "two-instances-secret-0123456789-abcdefghijkl";
const ADMIN = {
  name: "Ada Admin",
  email: "ada.admin@example.test",
  password: "amber-quarry-k7q2m9xw4r-lantern-vesper",
  admin: true,
};

// Several instances need a shared Postgres, which runs wherever
// TEST_DATABASE_URL is set (always in CI).
describe.skipIf(!process.env.TEST_DATABASE_URL)("two instances on one Postgres database", () => {
  const serverUrl = process.env.TEST_DATABASE_URL ?? "";
  let databaseUrl: string;
  let dataDir: string;
  let first: ServerProcess;
  let second: ServerProcess;
  let adminSecret: string;

  beforeAll(async () => {
    databaseUrl = await createScratchPostgresDatabase(serverUrl, "two_instances");
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "two-instances-"));
    const env = {
      DATABASE_URL: databaseUrl,
      BETTER_AUTH_SECRET: SECRET,
      DATA_DIR: dataDir,
      CONTACT_RATE_LIMIT: "3/h",
      LOG_LEVEL: "warn",
    };
    [first, second] = await Promise.all([spawnServer(env), spawnServer(env)]);

    // A verified admin account, made the way sign-up and verification would.
    const database = await openDatabase({ kind: "postgres", url: databaseUrl, poolSize: 1 });
    try {
      await createAccount(database.db, parseEnv(env), ADMIN);
      // The dashboard needs an authenticator: set one up.
      const auth = createAuth(database.db, parseEnv(env));
      ({ secret: adminSecret } = await signInAdminWithTotp(auth, "better-auth.session_token", ADMIN));
    } finally {
      await database.close();
    }
  });
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
    await dropScratchPostgresDatabase(serverUrl, databaseUrl);
  });

  it("accepts a session made on one instance on the other, and ends it on both", async () => {
    // The password step on the first instance, the code step on the second.
    const { passwordStepLocation, session } = await signInAdminOverHttp(
      { ...ADMIN, totpSecret: adminSecret },
      first.url,
      { codeSiteUrl: second.url, redirectTo: "/dashboard" },
    );
    expect(passwordStepLocation).toBe("/auth/two-factor?redirectTo=%2Fdashboard");

    const dashboard = (server: ServerProcess) =>
      fetch(`${server.url}/dashboard`, { headers: { cookie: session }, redirect: "manual" });
    const onSecond = await dashboard(second);
    expect(onSecond.status).toBe(200);
    expect(await onSecond.text()).toContain("Ada Admin");

    // Signing out on the second instance ends the session on the first.
    expect((await postForm(second.url, "/auth/sign-out", {}, session)).status).toBe(302);
    const afterSignOut = await dashboard(first);
    expect(afterSignOut.status).toBe(302);
    expect(afterSignOut.headers.get("location")).toMatch(/^\/auth/);
  });

  it("shares the contact form's rate limit between instances", async () => {
    const inquiry = (n: number) => ({
      [FORM_TOKEN_FIELD]: issueFormToken(SECRET, CONTACT_FORM_PURPOSE, Date.now() - 60_000 - n),
      name: "Rate Limited",
      email: "limited@example.test",
      interest: "consultation",
      message: `Inquiry number ${n} from one address.`,
    });
    // The limit is 3 an hour; the same address spreads them over both.
    const statuses = [];
    for (const [n, server] of [first, second, first, second].entries()) {
      statuses.push((await postForm(server.url, "/contact", inquiry(n))).status);
    }
    expect(statuses).toEqual([303, 303, 303, 429]);
    expect((await postForm(first.url, "/contact", inquiry(4))).status).toBe(429);
  });
});
