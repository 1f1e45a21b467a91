import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  contactSubmissions,
  jobs,
  user,
  whatsappChannelState,
  whatsappDeliveries,
  whatsappMessages,
  whatsappTemplates,
} from "~db/schema";
import { runDueJobs } from "~/lib/jobs/job-worker.server";
import { renderMetrics } from "~/lib/ops/metrics.server";
import { WHATSAPP_CHANNEL_ALERT } from "~/lib/whatsapp/channel-health.server";
import { readChannelHealth } from "~/lib/whatsapp/channel-state.server";
import { mailJobs } from "../../../tests/support/job-rows";
import { whatsAppSendJob } from "~/lib/whatsapp/outgoing.server";
import { whatsAppDeliveryJob } from "~/lib/whatsapp/whatsapp-intake.server";
import { sendWhatsAppReply } from "~/lib/whatsapp/whatsapp-replies.server";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import {
  messagesDelivery,
  postDelivery,
  startFakeGraphApi,
  startWebhookServer,
  statusDelivery,
  testEnvWithWhatsApp,
  textMessage,
} from "../../../tests/support/whatsapp-meta";

const FROM = "233201220001";
const HOUR = 3_600_000;

describe.each(testBackends)("WhatsApp replies from the lead page on %s", (backend) => {
  const database = useTestDatabase(backend, [
    whatsappMessages,
    whatsappDeliveries,
    whatsappTemplates,
    whatsappChannelState,
    jobs,
    contactSubmissions,
    user,
  ]);
  let graph: Awaited<ReturnType<typeof startFakeGraphApi>>;
  let env: ReturnType<typeof testEnvWithWhatsApp>;
  let webhook: Awaited<ReturnType<typeof startWebhookServer>>;
  beforeAll(async () => {
    graph = await startFakeGraphApi();
    env = testEnvWithWhatsApp(graph.url, { ADMIN_EMAILS: "ops@example.test" });
    webhook = await startWebhookServer(database, env);
  });
  afterAll(async () => {
    await webhook?.close();
    await graph?.close();
  });
  beforeEach(() => {
    graph.answerWith({ status: 200 });
  });

  const fileAll = async () => {
    while ((await runDueJobs(database.db, [whatsAppDeliveryJob, whatsAppSendJob], { env, database })) > 0) {
      // until the queue is empty
    }
  };

  /** A lead who wrote on WhatsApp, acknowledged; the fake Graph API's calls start empty. */
  async function leadWhoWrote() {
    await database.db.insert(user).values({ id: "admin-1", name: "Ada Admin", email: "ada@example.test" });
    await postDelivery(
      webhook.url,
      messagesDelivery({ waId: FROM, name: "Kofi" }, [textMessage("wamid.IN1", FROM, "Hi")]),
    );
    await fileAll();
    const [inquiry] = await database.db.select().from(contactSubmissions);
    graph.calls.length = 0;
    return { inquiryId: inquiry!.id, wroteAt: Date.now() };
  }
  const outgoing = (inquiryId: string) =>
    database.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.inquiry_id, inquiryId))
      .then((rows) => rows.filter((row) => row.direction === "out" && row.sent_by !== null));

  it("free text inside the window is sent, stops the clock, and the desk sees delivered then read", async () => {
    const { inquiryId } = await leadWhoWrote();
    const [before] = await database.db.select().from(contactSubmissions);
    expect(before!.awaiting_since).toBeInstanceOf(Date);
    const outcome = await sendWhatsAppReply(database.db, {
      kind: "text",
      body: "We can offer the excavator from Monday.",
      inquiryId,
      actorId: "admin-1",
    });
    expect(outcome).toBe("queued");
    await fileAll();
    expect(graph.calls).toHaveLength(1);
    expect(graph.calls[0]!.body).toMatchObject({
      to: FROM,
      type: "text",
      text: { body: "We can offer the excavator from Monday." },
    });
    const [reply] = await outgoing(inquiryId);
    expect(reply).toMatchObject({ status: "accepted" });
    const [after] = await database.db.select().from(contactSubmissions);
    expect(after).toMatchObject({ awaiting_since: null, last_message_by: "desk", status: "contacted" });
    await postDelivery(webhook.url, statusDelivery(reply!.wamid!, "delivered", FROM));
    await postDelivery(webhook.url, statusDelivery(reply!.wamid!, "read", FROM));
    await fileAll();
    expect((await outgoing(inquiryId))[0]).toMatchObject({ status: "read" });
  });

  it("free text outside the window is refused before any call; a template is sent instead, its parameters filled", async () => {
    const { inquiryId, wroteAt } = await leadWhoWrote();
    const later = new Date(wroteAt + 25 * HOUR);
    const refused = await sendWhatsAppReply(database.db, {
      kind: "text",
      body: "Are you still interested?",
      inquiryId,
      actorId: "admin-1",
      now: later,
    });
    expect(refused).toBe("window-closed");
    await fileAll();
    expect(graph.calls).toHaveLength(0);
    expect(await outgoing(inquiryId)).toHaveLength(0);

    const [template] = await database.db
      .insert(whatsappTemplates)
      .values({
        name: "lead_follow_up",
        language: "en_GB",
        body: "Hello {{1}}, about {{2}}.",
        parameters: ["Name", "Topic"],
      })
      .returning();
    expect(
      await sendWhatsAppReply(database.db, {
        kind: "template",
        templateId: template!.id,
        parameters: ["Kofi"],
        inquiryId,
        actorId: "admin-1",
        now: later,
      }),
    ).toBe("bad-template");
    const sent = await sendWhatsAppReply(database.db, {
      kind: "template",
      templateId: template!.id,
      parameters: ["Kofi", "the excavator"],
      inquiryId,
      actorId: "admin-1",
      now: later,
    });
    expect(sent).toBe("queued");
    await fileAll();
    expect(graph.calls).toHaveLength(1);
    expect(graph.calls[0]!.body).toMatchObject({
      to: FROM,
      type: "template",
      template: {
        name: "lead_follow_up",
        language: { code: "en_GB" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Kofi" },
              { type: "text", text: "the excavator" },
            ],
          },
        ],
      },
    });
    expect((await outgoing(inquiryId))[0]).toMatchObject({
      body: "Hello Kofi, about the excavator.",
      status: "accepted",
    });
  });

  it("a template goes to a form lead only with the form's WhatsApp agreement; free text never before they write", async () => {
    await database.db.insert(user).values({ id: "admin-1", name: "Ada Admin", email: "ada@example.test" });
    const form = { name: "Abena", email: "abena@example.test", message: "Gold", whatsapp: "024 555 0101" };
    const [agreed, silent] = await database.db
      .insert(contactSubmissions)
      .values([
        { ...form, whatsapp_opt_in_at: new Date() },
        { ...form, email: "other@example.test", whatsapp: "024 555 0102" },
      ])
      .returning({ id: contactSubmissions.id });
    const [template] = await database.db
      .insert(whatsappTemplates)
      .values({ name: "lead_follow_up", language: "en_GB", body: "Hello {{1}}.", parameters: ["Name"] })
      .returning();
    graph.calls.length = 0;
    const reply = (inquiryId: string, kind: "text" | "template") =>
      sendWhatsAppReply(database.db, {
        ...(kind === "text"
          ? { kind, body: "Hello" }
          : { kind, templateId: template!.id, parameters: ["Abena"] }),
        inquiryId,
        actorId: "admin-1",
      });

    expect(await reply(silent!.id, "template")).toBe("no-conversation");
    expect(await reply(agreed!.id, "text")).toBe("window-closed");
    expect(await reply(agreed!.id, "template")).toBe("queued");
    await fileAll();
    expect(graph.calls.map((call) => [call.body.to, call.body.type])).toEqual([["233245550101", "template"]]);
  });

  it("a reply Meta refuses, or reports failed, does not count as answered: the lead awaits a reply again", async () => {
    const { inquiryId } = await leadWhoWrote();
    graph.answerWith({
      status: 400,
      error: { message: "(#131026) Message undeliverable", type: "OAuthException", code: 131026 },
    });
    await sendWhatsAppReply(database.db, { kind: "text", body: "Hello?", inquiryId, actorId: "admin-1" });
    await fileAll();
    expect((await outgoing(inquiryId))[0]).toMatchObject({ status: "failed", error_code: 131026 });
    const [refused] = await database.db.select().from(contactSubmissions);
    expect(refused!.awaiting_since).toBeInstanceOf(Date);
    expect(refused!.last_message_by).toBe("lead");

    graph.answerWith({ status: 200 });
    await sendWhatsAppReply(database.db, {
      kind: "text",
      body: "Hello again",
      inquiryId,
      actorId: "admin-1",
    });
    await fileAll();
    const second = (await outgoing(inquiryId)).find((row) => row.body === "Hello again")!;
    expect((await database.db.select().from(contactSubmissions))[0]!.awaiting_since).toBeNull();
    await postDelivery(
      webhook.url,
      statusDelivery(second.wamid!, "failed", FROM, { code: 131047, title: "Re-engagement message" }),
    );
    await fileAll();
    const [reopened] = await database.db.select().from(contactSubmissions);
    expect(reopened!.awaiting_since).toBeInstanceOf(Date);
    expect(reopened!.last_message_by).toBe("lead");
  });

  it("a 401 from the Graph API flags the channel on the desk and in /metrics, tells the admins once, and a call that works clears it", async () => {
    const { inquiryId } = await leadWhoWrote();
    graph.answerWith({
      status: 401,
      error: {
        message: "Error validating access token: The session has been invalidated",
        type: "OAuthException",
        code: 190,
      },
    });
    await sendWhatsAppReply(database.db, { kind: "text", body: "Hello", inquiryId, actorId: "admin-1" });
    const deps = { env, database };
    await runDueJobs(database.db, [whatsAppSendJob], deps);
    expect(await readChannelHealth(database.db)).toMatchObject({ flagged: true, unauthorized: true });
    expect((await renderMetrics(database)).body).toMatch(/^whatsapp_channel_flagged 1$/m);
    // The reply waits to be tried again rather than failing for good: the token can be replaced.
    expect((await outgoing(inquiryId))[0]).toMatchObject({ status: "queued" });
    const later = new Date(Date.now() + 3_600_000);
    await runDueJobs(database.db, [whatsAppSendJob], deps, { now: later });
    expect(graph.calls).toHaveLength(2);
    const alerts = await mailJobs(database.db, WHATSAPP_CHANNEL_ALERT);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.to).toEqual(["ops@example.test"]);
    expect(alerts[0]!.text).toMatch(/refused the WhatsApp access token/);

    graph.answerWith({ status: 200 });
    await runDueJobs(database.db, [whatsAppSendJob], deps, {
      now: new Date(later.getTime() + 6 * 3_600_000),
    });
    expect((await outgoing(inquiryId))[0]).toMatchObject({ status: "accepted" });
    expect(await readChannelHealth(database.db)).toMatchObject({ flagged: false });
    expect((await renderMetrics(database)).body).toMatch(/^whatsapp_channel_flagged 0$/m);
  });
});
