import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { whatsappTemplates } from "~db/schema";
import { createAccount } from "~db/seed/seed.server";
import { sessionCookieName } from "~/lib/auth/auth.server";
import { listWhatsAppTemplates } from "~/lib/whatsapp/whatsapp-replies.server";
import * as dashboardLayout from "~/routes/dashboard.layout";
import * as detailRoute from "~/routes/dashboard.templates.whatsapp-detail";
import * as newRoute from "~/routes/dashboard.templates.whatsapp-new";
import { signInAdminWithTotp } from "../../tests/support/admin-session";
import { throughMiddleware } from "../../tests/support/route-middleware";
import { createTestApp, createTestContext } from "../../tests/support/test-context";
import { testBackends } from "../../tests/support/test-database";

const SITE = "http://127.0.0.1:4999";
const ADMIN = { name: "Ada Admin", email: "ada@example.test", password: "admin-long-secret-12" };
const FOLLOW_UP = {
  intent: "save",
  name: "lead_follow_up",
  language: "en_GB",
  body: "Hello {{1}}, about your inquiry {{2}}.",
  parameters: "Name\r\nReference\r\n",
};

describe.each(testBackends)("WhatsApp templates edited in the desk on %s", (backend) => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let adminCookie: string;

  beforeAll(async () => {
    app = await createTestApp(backend);
    const env = app.services.env;
    await createAccount(app.db, env, { ...ADMIN, admin: true });
    ({ cookie: adminCookie } = await signInAdminWithTotp(app.auth, sessionCookieName(env), ADMIN));
  });
  afterAll(async () => {
    await app?.dispose();
  });

  /** The editor's form, posted as a browser without JavaScript posts it. */
  async function post(fields: Record<string, string>, id?: string) {
    const path = id ? `/dashboard/templates/whatsapp/${id}` : "/dashboard/templates/whatsapp/new";
    const request = new Request(`${SITE}${path}`, {
      method: "POST",
      headers: { cookie: adminCookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
    const context = createTestContext(app.services);
    const args = { request, params: id ? { id } : {}, context } as never;
    const result = await throughMiddleware(context, request, dashboardLayout.middleware, () =>
      id ? detailRoute.action(args) : newRoute.action(args),
    );
    if (result instanceof Response) return { status: result.status, errors: {} };
    const { data, init } = result as unknown as {
      data: { errors: Record<string, string> };
      init?: ResponseInit;
    };
    return { status: init?.status ?? 200, errors: data.errors };
  }

  it("adds a template with a label per part, which the reply form then offers", async () => {
    expect((await post(FOLLOW_UP)).status).toBe(302);
    const [kept] = await listWhatsAppTemplates(app.db);
    expect(kept).toMatchObject({
      name: "lead_follow_up",
      language: "en_GB",
      body: FOLLOW_UP.body,
      parameters: ["Name", "Reference"],
    });
  });

  it("refuses what Meta would not take, or a label count that does not fit the text, storing nothing", async () => {
    const refused = [
      [{ name: "Lead Follow-up" }, "name", /lower-case letters/],
      [{ language: "English" }, "language", /language code/],
      [{ body: "Hello {{1}}, about {{3}}." }, "body", /without gaps/],
      [{ parameters: "Name" }, "parameters", /2 here/],
      [{ language: "en_GB" }, "name", /kept already/],
    ] as const;
    for (const [change, field, message] of refused) {
      const answer = await post({ ...FOLLOW_UP, ...change });
      expect(answer.status).toBe(400);
      expect(answer.errors[field]).toMatch(message);
    }
    expect(await app.db.$count(whatsappTemplates)).toBe(1);
  });

  it("saves a change, and deletes the template", async () => {
    const [kept] = await listWhatsAppTemplates(app.db);
    const changed = { ...FOLLOW_UP, body: "Good day {{1}}: your inquiry {{2}}." };
    expect((await post(changed, kept!.id)).status).toBe(302);
    expect((await listWhatsAppTemplates(app.db))[0]!.body).toBe(changed.body);
    expect((await post({ intent: "delete" }, kept!.id)).status).toBe(302);
    expect(await listWhatsAppTemplates(app.db)).toEqual([]);
  });
});
