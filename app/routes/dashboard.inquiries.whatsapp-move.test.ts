import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inquiryEvents, whatsappMessages } from "~db/schema";
import { createAccount } from "~db/seed/seed.server";
import { sessionCookieName } from "~/lib/auth/auth.server";
import { runDueJobs } from "~/lib/jobs/job-worker.server";
import { whatsAppDeliveryJob } from "~/lib/whatsapp/whatsapp-intake.server";
import * as dashboardLayout from "~/routes/dashboard.layout";
import * as moveRoute from "~/routes/dashboard.inquiries.whatsapp-move";
import { signInAdminWithTotp } from "../../tests/support/admin-session";
import { insertInquiry } from "../../tests/support/desk-fixtures";
import { throughMiddleware } from "../../tests/support/route-middleware";
import { createTestApp, createTestContext } from "../../tests/support/test-context";
import { testBackends } from "../../tests/support/test-database";
import {
  messagesDelivery,
  postDelivery,
  startWebhookServer,
  textMessage,
  whatsAppTestEnv,
} from "../../tests/support/whatsapp-meta";

const SITE = "http://127.0.0.1:4999";
const ADMIN = { name: "Ada Admin", email: "ada@example.test", password: "admin-long-secret-12" };
const FROM = "233247770505";

describe.each(testBackends)("moving a WhatsApp message to another lead on %s", (backend) => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let webhook: Awaited<ReturnType<typeof startWebhookServer>>;
  let adminCookie: string;
  let adminId: string;
  /** Two form inquiries with the sender's number, typed two ways: the filing will not choose. */
  let formA: string;
  let formB: string;
  let started: string;
  let messageId: string;

  beforeAll(async () => {
    app = await createTestApp(backend, whatsAppTestEnv());
    const env = app.services.env;
    webhook = await startWebhookServer(app.services.database, env);
    adminId = await createAccount(app.db, env, { ...ADMIN, admin: true });
    ({ cookie: adminCookie } = await signInAdminWithTotp(app.auth, sessionCookieName(env), ADMIN));
    formA = await insertInquiry(app.db, { name: "Ama A", whatsapp: "+233 24 777 0505" });
    formB = await insertInquiry(app.db, { name: "Ama B", phone: "024 777 0505" });
    await postDelivery(
      webhook.url,
      messagesDelivery({ waId: FROM, name: "Ama" }, [
        textMessage("wamid.MOVE1", FROM, "Which of you is mine?"),
      ]),
    );
    await runDueJobs(app.db, [whatsAppDeliveryJob], { env, database: app.services.database });
    const [message] = await app.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.wamid, "wamid.MOVE1"));
    messageId = message!.id;
    started = message!.inquiry_id;
    expect([formA, formB]).not.toContain(started);
  });
  afterAll(async () => {
    await webhook?.close();
    await app?.dispose();
  });

  /** The lead page's move form, posted as a browser without JavaScript posts it. */
  async function move(fields: Record<string, string>, from = started) {
    const request = new Request(`${SITE}/dashboard/inquiries/${from}/whatsapp-move`, {
      method: "POST",
      headers: { cookie: adminCookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "whatsapp-move", id: from, messageId, ...fields }),
    });
    const context = createTestContext(app.services);
    return (await throughMiddleware(context, request, dashboardLayout.middleware, () =>
      moveRoute.action({ request, params: { id: from }, context } as never),
    )) as Response;
  }

  const eventsOf = (inquiryId: string) =>
    app.db
      .select({ kind: inquiryEvents.kind, actorId: inquiryEvents.actor_id, details: inquiryEvents.details })
      .from(inquiryEvents)
      .where(eq(inquiryEvents.inquiry_id, inquiryId));
  const placeOf = async () =>
    (await app.db.select().from(whatsappMessages).where(eq(whatsappMessages.id, messageId)))[0]!;

  it("refuses a lead the number did not match, and leaves the message where it is", async () => {
    const stranger = await insertInquiry(app.db, { name: "Someone Else" });
    const response = await move({ to: stranger });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/dashboard/inquiries/${started}`);
    expect((await placeOf()).inquiry_id).toBe(started);
    expect(await eventsOf(stranger)).toEqual([]);
  });

  it("moves it to a matched lead, recorded on both timelines, and the sender's next message follows it", async () => {
    const response = await move({ to: formB });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/dashboard/inquiries/${formB}`);
    const moved = await placeOf();
    expect(moved.inquiry_id).toBe(formB);
    expect(moved.possible_inquiry_ids).toEqual([]);
    const details = { messageId, from: started, to: formB };
    expect(await eventsOf(started)).toContainEqual({ kind: "whatsapp-moved-out", actorId: adminId, details });
    expect(await eventsOf(formB)).toContainEqual({ kind: "whatsapp-moved-in", actorId: adminId, details });
    expect((await eventsOf(formA)).map((event) => event.kind)).not.toContain("whatsapp-moved-in");

    await postDelivery(
      webhook.url,
      messagesDelivery({ waId: FROM, name: "Ama" }, [textMessage("wamid.MOVE2", FROM, "Thank you.")]),
    );
    const env = app.services.env;
    await runDueJobs(app.db, [whatsAppDeliveryJob], { env, database: app.services.database });
    const [next] = await app.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.wamid, "wamid.MOVE2"));
    expect(next!.inquiry_id).toBe(formB);
  });

  it("a second post of the same move finds nothing to move", async () => {
    const response = await move({ to: formA });
    expect(response.headers.get("location")).toBe(`/dashboard/inquiries/${started}`);
    expect((await placeOf()).inquiry_id).toBe(formB);
  });
});
