import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~db/schema";
import * as accountData from "~/routes/account.data";
import * as accountDelete from "~/routes/account.delete";
import * as accountLayout from "~/routes/account.layout";
import { throughMiddleware } from "../../../tests/support/route-middleware";
import { mailJobs, runMailJobs } from "../../../tests/support/job-rows";
import { createTestApp, createTestContext } from "../../../tests/support/test-context";
import { type Backend, testBackends } from "../../../tests/support/test-database";
import * as actions from "~/lib/auth/auth-actions.server";
import { sendDeskReply } from "~/lib/inquiries/replies.server";
import { createMailSenderFromEnv, enqueueMail } from "~/lib/mail/mail.server";
import { erasePersonalData, exportPersonalData } from "~/lib/privacy/personal-data.server";

/**
 * The attacks on personal data, through the real routes and actions on a
 * real database, with mail written as .eml files into DATA_DIR/mail.
 */
const SITE = "http://127.0.0.1:4999";
const PASSWORD = "owner-chose-this-one-9";

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

async function loadApp(backend: Backend) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "privacy-attacks-"));
  const app = await createTestApp(backend, { DATA_DIR: dataDir });
  return {
    ...app,
    dataDir,
    context: (clientIp = "198.51.100.7") => createTestContext(app.services, clientIp),
  };
}

type App = Awaited<ReturnType<typeof loadApp>>;

describe.each(testBackends)("attacks on personal data on %s", (backend) => {
  let app: App;
  beforeAll(async () => {
    app = await loadApp(backend);
  });
  afterAll(async () => {
    await app?.dispose();
    fs.rmSync(app.dataDir, { recursive: true, force: true });
  });

  async function mailTexts(email: string, kind: string): Promise<string[]> {
    const rows = await mailJobs(app.db, kind);
    return rows.filter((row) => row.to.includes(email)).map((row) => row.text);
  }

  /** A verified, signed-in account: its session cookie. */
  async function signedUp(name: string, email: string): Promise<string> {
    await actions.signUp(
      app.context(),
      new Request(`${SITE}/auth`, { method: "POST" }),
      form({ fullName: name, email, password: PASSWORD, confirmPassword: PASSWORD }),
    );
    const verify = (await mailTexts(email, "auth-verify-email")).at(-1)!;
    const token = decodeURIComponent(/verify-email\?token=([^\s]+)/.exec(verify)![1]!);
    const signedIn = await actions.signIn(
      app.context("198.51.100.8"),
      new Request(`${SITE}/auth`, { method: "POST" }),
      form({ email, password: PASSWORD, verifyToken: token }),
    );
    const cookie = (signedIn as Response).headers
      .getSetCookie()
      .find((value) => value.includes("session_token="));
    return cookie!.split(";")[0]!;
  }

  it("finding 2: a stolen session cannot read a working reset link out of an export", async () => {
    const email = "victim@example.com";
    const cookie = await signedUp("Victim", email);

    // The attacker, with the cookie alone, asks for a reset and downloads the account data.
    await app.auth.api.requestPasswordReset({ body: { email } });
    const resetMail = (await mailTexts(email, "auth-reset-password")).at(-1)!;
    const encoded = /reset-password\?token=([^\s]+)/.exec(resetMail)![1]!;
    const token = decodeURIComponent(encoded);
    const dataRequest = new Request(`${SITE}/account/data`, { headers: { cookie } });
    const dataContext = app.context();
    const response = (await throughMiddleware(dataContext, dataRequest, accountLayout.middleware, () =>
      accountData.loader({
        request: dataRequest,
        params: {},
        context: dataContext,
      } as unknown as Parameters<typeof accountData.loader>[0]),
    )) as Response;
    const own = await response.text();
    // The admin export for the address, as the dashboard serialises it.
    const admin = JSON.stringify(await exportPersonalData(app.db, email, "all"));

    for (const exported of [own, admin]) {
      expect(exported).toContain("Reset your");
      expect(exported).not.toContain(token);
      expect(exported).not.toContain(encoded);
      expect(exported).not.toMatch(/token=/);
      expect(exported).not.toMatch(/https?:\/\//);
      // The export says what was left out.
      expect(exported).toContain("Links, tokens and one-time codes are left out");
    }
    // The link is still live: it is only the export that must not carry it.
    await app.auth.api.resetPassword({ body: { token, newPassword: "owner-picks-again-77" } });
  });

  it("finding 8: deleting an account leaves no rate-limit counter keyed by its address", async () => {
    const email = "leaver@example.com";
    const cookie = await signedUp("Leaver", email);
    const keyed = () =>
      app.db
        .select({ key: schema.rateLimits.key })
        .from(schema.rateLimits)
        .where(sql`lower(${schema.rateLimits.key}) like ${`%${email}%`}`);
    expect((await keyed()).map((row) => row.key)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^auth:sign-in:email-ip:leaver@example\.com:/),
        `auth:sign-in:email-slow:${email}`,
      ]),
    );
    const deleteRequest = new Request(`${SITE}/account/delete`, {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams({ password: PASSWORD }),
    });
    const deleteContext = app.context();
    const result = await throughMiddleware(deleteContext, deleteRequest, accountLayout.middleware, () =>
      accountDelete.action({
        request: deleteRequest,
        params: {},
        context: deleteContext,
      } as unknown as Parameters<typeof accountDelete.action>[0]),
    );
    expect((result as Response).headers.get("Location")).toBe("/");
    expect(await app.db.select().from(schema.user).where(eq(schema.user.email, email))).toEqual([]);
    expect(await keyed()).toEqual([]);
  });

  it("finding 8: a rights-request erasure leaves no mail file holding the person's mail", async () => {
    const email = "subject@example.com";
    const [inquiry] = await app.db
      .insert(schema.contactSubmissions)
      .values({ name: "Sam Subject", email, message: "My private gold plans" })
      .returning();
    await app.db.insert(schema.user).values({ id: "desk-1", name: "Desk", email: "desk@example.com" });
    await sendDeskReply(app.db, {
      inquiryId: inquiry!.id,
      subject: "About your plans",
      body: "A reply body only the subject should read",
      actorId: "desk-1",
    });
    // Someone else's mail stays.
    await enqueueMail(app.db, {
      kind: "test",
      to: ["other@example.com"],
      subject: "Other",
      text: "Someone else",
      html: "<p>Someone else</p>",
    });
    const sender = createMailSenderFromEnv(app.services.env);
    while ((await runMailJobs(app.db, sender)) > 0);
    sender.close();
    const mailDir = path.join(app.dataDir, "mail");
    const files = () =>
      fs.readdirSync(mailDir).map((name) => fs.readFileSync(path.join(mailDir, name), "utf8"));
    expect(files().some((text) => text.includes("A reply body only the subject should read"))).toBe(true);

    await erasePersonalData(
      app.db,
      email,
      "all",
      { erasedBy: "desk-1", kind: "rights-request" },
      { dataDir: app.dataDir },
    );
    const left = files();
    expect(left.some((text) => text.includes("Someone else"))).toBe(true);
    expect(left.filter((text) => text.includes(email) || text.includes("only the subject should"))).toEqual(
      [],
    );
  });
});
