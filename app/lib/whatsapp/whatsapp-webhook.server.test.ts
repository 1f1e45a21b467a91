import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactSubmissions, inquiryEvents, jobs, whatsappDeliveries, whatsappMessages } from "~db/schema";
import { company } from "~/content/company";
import { EnvError, parseEnv } from "~/lib/env.server";
import { formatInquiryReference } from "~/lib/inquiries/inquiry";
import { createInquiry } from "~/lib/inquiries/intake.server";
import { runDueJobs } from "~/lib/jobs/job-worker.server";
import { whatsAppSendJob } from "~/lib/whatsapp/outgoing.server";
import { signWhatsAppBody } from "~/lib/whatsapp/webhook-signature.server";
import { whatsAppDeliveryJob } from "~/lib/whatsapp/whatsapp-intake.server";
import { META_GRAPH_URL } from "~/lib/whatsapp/whatsapp-settings.server";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { TEST_ENV } from "../../../tests/support/test-context";
import { testBackends } from "../../../tests/support/test-database";
import {
  mediaMessage,
  messagesDelivery,
  postDelivery,
  startFakeGraphApi,
  startWebhookServer,
  statusDelivery,
  TEST_VERIFY_TOKEN,
  testEnvWithWhatsApp,
  textMessage,
  whatsAppTestEnv,
} from "../../../tests/support/whatsapp-meta";

describe("the WhatsApp settings", () => {
  it("unset, the channel is off; all four set, it is on with Meta's Graph API by default", () => {
    expect(parseEnv(TEST_ENV).WHATSAPP).toBeNull();
    const { WHATSAPP_GRAPH_URL: _unused, ...withoutUrl } = whatsAppTestEnv();
    expect(parseEnv({ ...TEST_ENV, ...withoutUrl }).WHATSAPP).toMatchObject({
      phoneNumberId: withoutUrl.WHATSAPP_PHONE_NUMBER_ID,
      graphUrl: META_GRAPH_URL,
    });
  });

  it("a partial set stops the start with one line per missing setting, naming it", () => {
    const start = () => parseEnv({ ...TEST_ENV, WHATSAPP_APP_SECRET: "an-app-secret-of-length" });
    expect(start).toThrow(EnvError);
    expect(start).toThrow(
      /^Invalid configuration: WHATSAPP_PHONE_NUMBER_ID: required when WHATSAPP_APP_SECRET is set$/m,
    );
    expect(start).toThrow(
      /^Invalid configuration: WHATSAPP_VERIFY_TOKEN: required when WHATSAPP_APP_SECRET is set$/m,
    );
  });
});

describe.each(testBackends)("the WhatsApp webhook on %s", (backend) => {
  const database = useTestDatabase(backend, [whatsappMessages, whatsappDeliveries, jobs, contactSubmissions]);
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

  const fileAll = () => runDueJobs(database.db, [whatsAppDeliveryJob, whatsAppSendJob], { env, database });
  const stored = async () => ({
    deliveries: await database.db.$count(whatsappDeliveries),
    jobs: await database.db.$count(jobs),
    messages: await database.db.$count(whatsappMessages),
  });
  const inboundOf = (inquiryId: string) =>
    database.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.inquiry_id, inquiryId))
      .orderBy(asc(whatsappMessages.created_at));

  it("the GET handshake answers Meta's challenge with the right token, and 403 otherwise", async () => {
    const ask = (query: string) => fetch(`${webhook.url}?${query}`);
    const right = await ask(
      `hub.mode=subscribe&hub.verify_token=${TEST_VERIFY_TOKEN}&hub.challenge=1158201444`,
    );
    expect(right.status).toBe(200);
    expect(await right.text()).toBe("1158201444");
    for (const query of [
      "hub.mode=subscribe&hub.verify_token=wrong-token-0123456789&hub.challenge=1",
      `hub.mode=unsubscribe&hub.verify_token=${TEST_VERIFY_TOKEN}&hub.challenge=1`,
      `hub.mode=subscribe&hub.challenge=1`,
      `hub.mode=subscribe&hub.verify_token=${TEST_VERIFY_TOKEN}&hub.challenge=%3Cscript%3E`,
    ]) {
      expect((await ask(query)).status).toBe(403);
    }
  });

  it("text, image, document and audio in Meta's shapes, signed, are stored before the 200 and filed on one new inquiry", async () => {
    const from = "233201110001";
    const body = messagesDelivery({ waId: from, name: "Ama Owusu" }, [
      textMessage("wamid.T1", from, "Good morning, I have 12 kg of dore to sell"),
      mediaMessage("wamid.I1", from, "image", {
        id: "media-image-1",
        mime_type: "image/jpeg",
        caption: "Assay slip",
      }),
      mediaMessage("wamid.D1", from, "document", {
        id: "media-doc-1",
        mime_type: "application/pdf",
        filename: "licence.pdf",
      }),
      mediaMessage("wamid.A1", from, "audio", {
        id: "media-audio-1",
        mime_type: "audio/ogg; codecs=opus",
        voice: true,
      }),
    ]);
    const response = await postDelivery(webhook.url, body);
    expect(response.status).toBe(200);
    // Stored and queued before the answer: nothing is filed yet.
    expect(await stored()).toEqual({ deliveries: 1, jobs: 1, messages: 0 });
    const [delivery] = await database.db.select().from(whatsappDeliveries);
    expect(delivery!.body).toBe(body);

    await fileAll();
    const inquiries = await database.db.select().from(contactSubmissions);
    expect(inquiries).toHaveLength(1);
    const inquiry = inquiries[0]!;
    expect(inquiry).toMatchObject({
      source: "whatsapp",
      name: "Ama Owusu",
      whatsapp: `+${from}`,
      is_spam: false,
    });
    expect(inquiry.message).toBe("Good morning, I have 12 kg of dore to sell");
    const messages = await inboundOf(inquiry.id);
    const inbound = messages.filter((message) => message.direction === "in");
    expect(inbound.map((message) => [message.wamid, message.type, message.body, message.media_id])).toEqual([
      ["wamid.T1", "text", "Good morning, I have 12 kg of dore to sell", null],
      ["wamid.I1", "image", "Assay slip", "media-image-1"],
      ["wamid.D1", "document", "", "media-doc-1"],
      ["wamid.A1", "audio", "", "media-audio-1"],
    ]);
    expect(inbound[2]!.media_filename).toBe("licence.pdf");
    const [delivered] = await database.db.select().from(whatsappDeliveries);
    expect(delivered!.filed_at).toBeInstanceOf(Date);
  });

  it("a body whose non-ASCII text Meta sent as \\u escapes is verified on its raw bytes", async () => {
    const from = "233201110002";
    const raw = messagesDelivery({ waId: from, name: "Kw\u00e1m\u025b" }, [
      textMessage("wamid.U1", from, "Akwaaba \u2014 \u00e9t\u00e9 \u{1F600}"),
    ]).replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
    expect(raw).toMatch(/^[\x20-\x7e]*$/);
    // Re-serialising the parsed JSON would not give these bytes: only the raw body can be checked.
    expect(JSON.stringify(JSON.parse(raw))).not.toBe(raw);
    expect((await postDelivery(webhook.url, raw)).status).toBe(200);
    await fileAll();
    const [message] = await database.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.wamid, "wamid.U1"));
    expect(message!.body).toBe("Akwaaba \u2014 \u00e9t\u00e9 \u{1F600}");
    expect(message!.profile_name).toBe("Kw\u00e1m\u025b");
  });

  it("a tampered body, a wrong secret and a missing or malformed header get 401, and nothing is stored", async () => {
    const body = messagesDelivery({ waId: "233201110003", name: "Forger" }, [
      textMessage("wamid.F1", "233201110003", "Send the gold to me"),
    ]);
    const goodSignature = signWhatsAppBody(Buffer.from(body), env.WHATSAPP!.appSecret);
    const attempts = [
      postDelivery(webhook.url, body.replace("Send the gold to me", "Send the gold to us"), {
        signature: goodSignature,
      }),
      postDelivery(webhook.url, body, { secret: "another-app-secret-0123456789" }),
      postDelivery(webhook.url, body, { signature: null }),
      postDelivery(webhook.url, body, { signature: goodSignature.replace("sha256=", "sha1=") }),
      postDelivery(webhook.url, body, { signature: "sha256=" }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(401);
    expect(await stored()).toEqual({ deliveries: 0, jobs: 0, messages: 0 });
  });

  it("a body over the size limit is refused before it is read, and nothing is stored", async () => {
    const huge = Buffer.alloc(1024 * 1024 + 1, 0x20);
    const response = await postDelivery(webhook.url, huge).catch(() => null);
    if (response) expect(response.status).toBe(413);
    expect(await stored()).toEqual({ deliveries: 0, jobs: 0, messages: 0 });
  });

  it("the same delivery replayed five times, and sent to two instances at once, files one message on one inquiry", async () => {
    const other = await startWebhookServer(database, env);
    try {
      const from = "233201110004";
      const body = messagesDelivery({ waId: from, name: "Yaw Boateng" }, [
        textMessage("wamid.R1", from, "Is the excavator still for hire?"),
      ]);
      for (let i = 0; i < 5; i++) expect((await postDelivery(webhook.url, body)).status).toBe(200);
      const both = await Promise.all([postDelivery(webhook.url, body), postDelivery(other.url, body)]);
      expect(both.map((response) => response.status)).toEqual([200, 200]);
      // Two workers at once, as two instances would run them.
      await Promise.all([fileAll(), fileAll()]);
      while ((await fileAll()) > 0) {
        // the queue drains
      }
      const counts = await stored();
      expect(counts.deliveries).toBe(7);
      expect(await database.db.$count(whatsappMessages, eq(whatsappMessages.wamid, "wamid.R1"))).toBe(1);
      expect(await database.db.$count(contactSubmissions)).toBe(1);
      const [inquiry] = await database.db.select().from(contactSubmissions);
      const events = await database.db
        .select()
        .from(inquiryEvents)
        .where(eq(inquiryEvents.inquiry_id, inquiry!.id));
      expect(events.filter((event) => event.kind === "message-received")).toHaveLength(1);
      // One acknowledgement, not one per replay.
      expect(graph.calls.filter((call) => call.body.to === from)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it("a new sender is acknowledged on WhatsApp with the reference and the reply promise", async () => {
    const from = "233201110005";
    graph.calls.length = 0;
    await postDelivery(
      webhook.url,
      messagesDelivery({ waId: from, name: "Efua" }, [textMessage("wamid.N1", from, "Hello")]),
    );
    await fileAll();
    await fileAll();
    const [inquiry] = await database.db.select().from(contactSubmissions);
    expect(graph.calls).toHaveLength(1);
    const call = graph.calls[0]!;
    expect(call.path).toBe(`/v23.0/${env.WHATSAPP!.phoneNumberId}/messages`);
    expect(call.authorization).toBe(`Bearer ${env.WHATSAPP!.accessToken}`);
    expect(call.body).toMatchObject({ messaging_product: "whatsapp", to: from, type: "text" });
    const text = (call.body.text as { body: string }).body;
    expect(text).toContain(formatInquiryReference(inquiry!.id));
    expect(text).toContain(company.responsePromise);
    const [ack] = (await inboundOf(inquiry!.id)).filter((message) => message.direction === "out");
    expect(ack).toMatchObject({ status: "accepted", body: text, wa_id: from });
    expect(ack!.wamid).toMatch(/^wamid\.OUT\d+$/);
  });

  it("statuses[] give each reply sent, delivered and read, never going back, and failed with Meta's code and title", async () => {
    const from = "233201110006";
    await postDelivery(
      webhook.url,
      messagesDelivery({ waId: from, name: "Kojo" }, [textMessage("wamid.S1", from, "Hi")]),
    );
    await fileAll();
    await fileAll();
    const [inquiry] = await database.db.select().from(contactSubmissions);
    const ackOf = async () => (await inboundOf(inquiry!.id)).find((message) => message.direction === "out")!;
    const { wamid } = await ackOf();
    for (const state of ["sent", "delivered", "read", "sent"] as const) {
      await postDelivery(webhook.url, statusDelivery(wamid!, state, from));
    }
    await fileAll();
    expect(await ackOf()).toMatchObject({ status: "read", error_code: null });
    await postDelivery(
      webhook.url,
      statusDelivery(wamid!, "failed", from, { code: 131047, title: "Re-engagement message" }),
    );
    // A status about a message the desk never sent changes nothing.
    await postDelivery(webhook.url, statusDelivery("wamid.UNKNOWN", "read", from));
    await fileAll();
    expect(await ackOf()).toMatchObject({
      status: "failed",
      error_code: 131047,
      error_title: "Re-engagement message",
    });
  });

  it("a sender whose number is on a form inquiry, however typed, writes on that inquiry: one lead, no second acknowledgement", async () => {
    const form = await createInquiry(
      database.db,
      {
        name: "Abena Mensah",
        company: null,
        email: "abena@example.test",
        phone: null,
        whatsapp: "020 111 0007",
        interest: null,
        deal_size: null,
        message: "Please call me about licensing",
      },
      {
        isSpam: false,
        acknowledge: false,
        adminEmails: [],
        siteUrl: env.SITE_URL,
        submissionKey: "form-abena",
      },
    );
    graph.calls.length = 0;
    const from = "233201110007";
    await postDelivery(
      webhook.url,
      messagesDelivery({ waId: from, name: "Abena" }, [
        textMessage("wamid.M1", from, "It is Abena from the form"),
      ]),
    );
    await fileAll();
    expect(await database.db.$count(contactSubmissions)).toBe(1);
    const [message] = await inboundOf(form.id);
    expect(message).toMatchObject({ wamid: "wamid.M1", direction: "in" });
    expect(graph.calls).toHaveLength(0);
    const [row] = await database.db.select().from(contactSubmissions);
    expect(row!.awaiting_since).toBeInstanceOf(Date);
    expect(row!.last_message_by).toBe("lead");
  });

  it("a number on two inquiries is never merged on a guess: a new inquiry lists both; a withheld number goes by the user id", async () => {
    const base = {
      company: null,
      email: "x@example.test",
      phone: null,
      interest: null,
      deal_size: null,
      message: "m",
    };
    const first = await createInquiry(
      database.db,
      { ...base, name: "One", phone: "+233 20 111 0008", whatsapp: null },
      { isSpam: false, acknowledge: false, adminEmails: [], siteUrl: env.SITE_URL, submissionKey: "two-a" },
    );
    const second = await createInquiry(
      database.db,
      { ...base, name: "Two", whatsapp: "0201110008" },
      { isSpam: false, acknowledge: false, adminEmails: [], siteUrl: env.SITE_URL, submissionKey: "two-b" },
    );
    const from = "233201110008";
    await postDelivery(
      webhook.url,
      messagesDelivery({ waId: from, name: "Who" }, [textMessage("wamid.AMB1", from, "Hello again")]),
    );
    await fileAll();
    const [message] = await database.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.wamid, "wamid.AMB1"));
    expect([first.id, second.id]).not.toContain(message!.inquiry_id);
    expect([...message!.possible_inquiry_ids].sort()).toEqual([first.id, second.id].sort());
    // The conversation then goes on where it started.
    await postDelivery(
      webhook.url,
      messagesDelivery({ waId: from, name: "Who" }, [textMessage("wamid.AMB2", from, "Still me")]),
    );
    const hidden = { waId: null, name: "Hidden", userId: "GH.13491208655302741918" };
    await postDelivery(
      webhook.url,
      messagesDelivery(hidden, [
        { ...textMessage("wamid.H1", "", "No number"), from: undefined, from_user_id: hidden.userId },
      ]),
    );
    await postDelivery(
      webhook.url,
      messagesDelivery(hidden, [
        { ...textMessage("wamid.H2", "", "Again"), from: undefined, from_user_id: hidden.userId },
      ]),
    );
    await fileAll();
    const [again] = await database.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.wamid, "wamid.AMB2"));
    expect(again!.inquiry_id).toBe(message!.inquiry_id);
    const hiddenRows = await database.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.user_id, hidden.userId));
    expect(hiddenRows).toHaveLength(2);
    expect(new Set(hiddenRows.map((row) => row.inquiry_id)).size).toBe(1);
    expect(await database.db.$count(contactSubmissions)).toBe(4);
  });

  it("a message of a type the app does not know is filed as such and does not hold up the next one", async () => {
    const from = "233201110009";
    await postDelivery(
      webhook.url,
      messagesDelivery({ waId: from, name: "Kwesi" }, [
        {
          from,
          id: "wamid.X1",
          timestamp: "1764300000",
          type: "location",
          location: { latitude: 5.6, longitude: -0.19 },
        },
        { from, id: "wamid.BAD", type: 42 } as never,
        textMessage("wamid.X2", from, "Did you get my location?"),
      ]),
    );
    await fileAll();
    const rows = await database.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.direction, "in"));
    expect(rows.map((row) => [row.wamid, row.type]).sort()).toEqual([
      ["wamid.X1", "location"],
      ["wamid.X2", "text"],
    ]);
  });
});
