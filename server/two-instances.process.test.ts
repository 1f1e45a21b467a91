import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CONTACT_FORM_PURPOSE } from "~/routes/contact.server";
import { and, count, inArray, isNull } from "drizzle-orm";
import { jobs } from "~db/schema";
import { openDatabase } from "~/lib/db/db.server";
import {
  createScratchPostgresDatabase,
  dropScratchPostgresDatabase,
} from "../tests/support/scratch-postgres";
import { parseEnv } from "~/lib/env.server";
import { FORM_TOKEN_FIELD, issueFormToken } from "~/lib/http/form-guard.server";
import { createAuth } from "~/lib/auth/auth.server";
import { createAccount } from "~db/seed/seed.server";
import { getDeskItem } from "~/lib/catalogue/catalogue-editor.server";
import { editorValues } from "~/routes/dashboard.equipment.server";
import { postForm, signInAdminOverHttp, signInAdminWithTotp } from "../tests/support/admin-session";
import { type ServerProcess, spawnServer } from "../tests/support/server-process";
import { startSmtpSink } from "../tests/support/smtp-sink";
import { startWebhookReceiver } from "../tests/support/webhook-receiver";

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
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    databaseUrl = await createScratchPostgresDatabase(serverUrl, "two_instances");
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "two-instances-"));
    [smtp, receiver] = await Promise.all([startSmtpSink(), startWebhookReceiver()]);
    const env = {
      DATABASE_URL: databaseUrl,
      BETTER_AUTH_SECRET: SECRET,
      DATA_DIR: dataDir,
      CONTACT_RATE_LIMIT: "3/h",
      // Both instances' job workers send through one mail server and one receiver.
      SMTP_URL: smtp.url,
      WEBHOOK_URL: receiver.url,
      WEBHOOK_SECRET: "two-instances-webhook-secret-0123456789",
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
    await Promise.all([smtp?.close(), receiver?.close()]);
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

  it("shows a catalogue change saved on one instance on the other at once", async () => {
    const { session } = await signInAdminOverHttp({ ...ADMIN, totpSecret: adminSecret }, first.url, {
      redirectTo: "/dashboard",
    });
    const id = "gold-wash-plant-150tph";
    const database = await openDatabase({ kind: "postgres", url: databaseUrl, poolSize: 1 });
    let values: Record<string, string>;
    try {
      values = editorValues((await getDeskItem(database.db, id))!);
    } finally {
      await database.close();
    }
    const card = async (server: ServerProcess) => {
      const html = await (await fetch(`${server.url}/equipment?q=150TPH`)).text();
      return /\$[\d,]+\/day/.exec(html)?.[0] ?? null;
    };
    // Both instances have rendered the page before the change: nothing of it may be kept.
    expect([await card(first), await card(second)]).toEqual(["$2,500/day", "$2,500/day"]);
    const saved = await postForm(
      first.url,
      `/dashboard/equipment/${id}`,
      { ...values, day_rate_usd: "2600", intent: "save" },
      session,
    );
    expect(saved.status).toBe(302);
    expect(await card(second)).toBe("$2,600/day");

    expect(
      (await postForm(second.url, `/dashboard/equipment/${id}`, { intent: "unpublish" }, session)).status,
    ).toBe(302);
    expect((await fetch(`${first.url}/equipment/${id}`)).status).toBe(404);
    expect(await card(first)).toBeNull();
    expect(
      (await postForm(first.url, `/dashboard/equipment/${id}`, { intent: "publish" }, session)).status,
    ).toBe(302);
    expect((await fetch(`${second.url}/equipment/${id}`)).status).toBe(200);
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

  it("sends each accepted inquiry's mail and webhook call once, though both instances' workers run", async () => {
    // The three inquiries the rate-limit test stored, alternately on each
    // instance: every commit woke both workers, which raced for each job.
    const database = await openDatabase({ kind: "postgres", url: databaseUrl, poolSize: 1 });
    // Not the scheduled runs, which the instances enqueue every minute meanwhile.
    const inquiryJobs = inArray(jobs.kind, ["mail", "webhook"]);
    try {
      await vi.waitFor(
        async () => {
          const [open] = await database.db
            .select({ n: count() })
            .from(jobs)
            .where(and(inquiryJobs, isNull(jobs.done_at), isNull(jobs.failed_at)));
          expect(open?.n).toBe(0);
        },
        { timeout: 30_000, interval: 100 },
      );
      const [failed] = await database.db
        .select({ n: count() })
        .from(jobs)
        .where(and(inquiryJobs, isNull(jobs.done_at)));
      expect(failed?.n).toBe(0);
    } finally {
      await database.close();
    }
    // (The admin may also have got the sign-up's verification mail: a worker
    // can send it before the seeding deletes it.)
    const notifications = smtp.messages.filter(
      (mail) => mail.to.includes(ADMIN.email) && mail.decoded.includes("Rate Limited"),
    );
    const acknowledgements = smtp.messages.filter((mail) => mail.to.includes("limited@example.test"));
    expect(notifications).toHaveLength(3);
    expect(acknowledgements).toHaveLength(3);
    // Three calls, three delivery ids: none sent twice.
    expect(receiver.calls).toHaveLength(3);
    expect(new Set(receiver.calls.map((call) => call.headers["x-webhook-id"])).size).toBe(3);
  });
});
