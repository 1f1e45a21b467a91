import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactSubmissions, jobs } from "~db/schema";
import { runWebhookJobs, webhookJobs } from "../../../tests/support/job-rows";
import { startWebhookReceiver } from "../../../tests/support/webhook-receiver";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { createInquiry } from "~/lib/inquiries/intake.server";
import { MAX_ATTEMPTS, retryDelayMs } from "~/lib/jobs/job-claim.server";
import { startJobWorker } from "~/lib/jobs/job-worker.server";
import { createWebhookSender, enqueueWebhook, webhookJob } from "~/lib/webhook/webhook-job.server";
import {
  buildWebhookBody,
  SIGNATURE_HEADER,
  signWebhookBody,
  verifyWebhookSignature,
  WEBHOOK_SIGNATURE_TOLERANCE_SECONDS,
} from "~/lib/webhook/webhook-payload.server";

const SITE = "https://site.example.test";
const SECRET = "test-webhook-secret-0123456789abcdef";

const visitor = {
  name: "Kofi Mensah",
  company: "Mensah Mining",
  email: "kofi@example.test",
  phone: "+233 20 000 0000",
  whatsapp: "+233 20 000 0001",
  interest: "gold-buying" as const,
  deal_size: "500k-1m" as const,
  message: "A confidential message about 40 kg",
};

describe.each(testBackends)("webhooks on %s", (backend) => {
  const database = useTestDatabase(backend, [jobs, contactSubmissions]);
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });
  beforeEach(() => {
    receiver.calls.length = 0;
    receiver.setStatus(200);
  });
  const sender = createWebhookSender(SECRET);

  const submit = (key: string, isSpam = false) =>
    createInquiry(database.db, visitor, {
      isSpam,
      acknowledge: false,
      adminEmails: ["ops@example.test"],
      siteUrl: SITE,
      webhookUrl: receiver.url,
      submissionKey: key,
    });

  it("a new genuine inquiry queues a signed call in its transaction: reference, interest, deal size and a link, nothing personal", async () => {
    const created = await submit("one");
    await submit("spam", true);
    const queued = await webhookJobs(database.db);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      kind: "webhook",
      event: "inquiry.received",
      inquiry_id: created.id,
      url: receiver.url,
    });

    expect(await runWebhookJobs(database.db, sender)).toBe(1);
    expect(receiver.calls).toHaveLength(1);
    const call = receiver.calls[0]!;
    expect(call.method).toBe("POST");
    expect(call.headers["content-type"]).toBe("application/json");
    expect(call.headers["x-webhook-event"]).toBe("inquiry.received");
    expect(call.headers["x-webhook-id"]).toBe(queued[0]!.id);
    const signature = call.headers[SIGNATURE_HEADER.toLowerCase()] as string;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(call.body, SECRET, signature)).toBe(true);
    expect(verifyWebhookSignature(call.body, "another-secret-of-enough-length!!", signature)).toBe(false);
    expect(verifyWebhookSignature(`${call.body} `, SECRET, signature)).toBe(false);

    expect(JSON.parse(call.body)).toEqual({
      id: queued[0]!.id,
      event: "inquiry.received",
      inquiry: {
        reference: created.reference,
        interest: "gold-buying",
        interestLabel: expect.any(String),
        dealSize: "500k-1m",
        dealSizeLabel: expect.any(String),
        receivedAt: expect.any(String),
        dashboardUrl: `${SITE}/dashboard?inquiry=${created.id}`,
      },
    });
    for (const personal of [
      visitor.name,
      visitor.company,
      visitor.email,
      visitor.phone,
      visitor.whatsapp,
      "confidential",
    ]) {
      expect(call.body).not.toContain(personal);
    }
    const [row] = await webhookJobs(database.db);
    expect(row?.done_at).toBeInstanceOf(Date);
    expect(await runWebhookJobs(database.db, sender)).toBe(0);
  });

  it("finding 11: a call is signed over its timestamp and body, and a receiver refuses it replayed after the tolerance", async () => {
    const clock = { seconds: Math.floor(Date.now() / 1000) };
    const checking = await startWebhookReceiver(0, {
      secret: SECRET,
      toleranceSeconds: WEBHOOK_SIGNATURE_TOLERANCE_SECONDS,
      nowSeconds: () => clock.seconds,
    });
    try {
      await createInquiry(database.db, visitor, {
        isSpam: false,
        acknowledge: false,
        adminEmails: [],
        siteUrl: SITE,
        webhookUrl: checking.url,
        submissionKey: "signed",
      });
      expect(await runWebhookJobs(database.db, sender)).toBe(1);
      const call = checking.calls[0]!;
      expect(call.verified).toBe(true);
      const [row] = await webhookJobs(database.db);
      expect(row?.done_at).toBeInstanceOf(Date);

      const signature = call.headers[SIGNATURE_HEADER.toLowerCase()] as string;
      const replay = (header: string) =>
        fetch(checking.url, {
          method: "POST",
          headers: { "Content-Type": "application/json", [SIGNATURE_HEADER]: header },
          body: call.body,
        });
      // Within the tolerance a receiver cannot tell a replay by the signature: it drops the repeated X-Webhook-Id.
      const sentAt = Number(/t=(\d+)/.exec(signature)![1]);
      clock.seconds = sentAt + WEBHOOK_SIGNATURE_TOLERANCE_SECONDS + 1;
      expect((await replay(signature)).status).toBe(401);
      // Nor does a fresh timestamp in front of the captured signature pass.
      const v1 = /v1=([0-9a-f]{64})/.exec(signature)![1]!;
      expect((await replay(`t=${clock.seconds},v1=${v1}`)).status).toBe(401);
    } finally {
      await checking.close();
    }
  });

  it("without WEBHOOK_URL nothing is queued", async () => {
    await createInquiry(database.db, visitor, {
      isSpam: false,
      acknowledge: false,
      adminEmails: [],
      siteUrl: SITE,
      submissionKey: "no-url",
    });
    expect(await webhookJobs(database.db)).toHaveLength(0);
  });

  it("retries a failed call on the queue's one plan, the same body and id each time, and gives up at the limit", async () => {
    await submit("retry");
    receiver.setStatus(500);
    // A millisecond on: the database stamped the job in microseconds.
    let now = new Date(Date.now() + 1);
    await runWebhookJobs(database.db, sender, now);
    let [row] = await webhookJobs(database.db);
    expect(row).toMatchObject({ attempts: 1, last_error: "HTTP 500", done_at: null, failed_at: null });
    expect(row!.next_attempt_at.getTime()).toBe(now.getTime() + retryDelayMs(1));
    // Not due yet.
    expect(await runWebhookJobs(database.db, sender, now)).toBe(0);

    receiver.setStatus(204);
    now = new Date(row!.next_attempt_at.getTime() + 1);
    expect(await runWebhookJobs(database.db, sender, now)).toBe(1);
    [row] = await webhookJobs(database.db);
    expect(row).toMatchObject({ attempts: 2, last_error: null });
    expect(row!.done_at).toBeInstanceOf(Date);
    expect(receiver.calls).toHaveLength(2);
    expect(receiver.calls[0]!.body).toBe(receiver.calls[1]!.body);
    expect(receiver.calls[0]!.headers["x-webhook-id"]).toBe(receiver.calls[1]!.headers["x-webhook-id"]);

    // A receiver that keeps failing: given up after MAX_ATTEMPTS.
    await database.db.delete(jobs);
    await submit("gives-up");
    receiver.setStatus(503);
    now = new Date(Date.now() + 1);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS + 1; attempt++) {
      await runWebhookJobs(database.db, sender, now);
      now = new Date(now.getTime() + retryDelayMs(attempt) + 1_000);
    }
    [row] = await webhookJobs(database.db);
    expect(row?.attempts).toBe(MAX_ATTEMPTS);
    expect(row?.failed_at).toBeInstanceOf(Date);
  });

  it("a redirect is a failure, not followed", async () => {
    receiver.setStatus(302);
    await submit("redirect");
    await runWebhookJobs(database.db, sender);
    const [row] = await webhookJobs(database.db);
    expect(row).toMatchObject({ attempts: 1, last_error: "HTTP 302", done_at: null });
  });

  it("the background worker delivers a call queued after it started", async () => {
    // A poll far beyond the test: the enqueue's commit wakes the worker.
    const worker = await startJobWorker(database, [webhookJob], { webhooks: sender }, 60_000);
    try {
      await enqueueWebhook(database.db, {
        url: receiver.url,
        event: "inquiry.overdue",
        inquiry: {
          id: (await submit("worker")).id,
          reference: "VM-TEST",
          interest: null,
          dealSize: null,
          createdAt: new Date(),
          dashboardUrl: `${SITE}/dashboard`,
        },
      });
      const deadline = Date.now() + 15_000;
      while (!receiver.calls.some((call) => call.headers["x-webhook-event"] === "inquiry.overdue")) {
        if (Date.now() > deadline) throw new Error("the overdue call never arrived");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await worker.stop();
    }
  });
});

describe("webhook bodies", () => {
  const inquiry = {
    id: "6f1c2d3e-0000-4000-8000-000000000000",
    reference: "VM-6F1C2D3E",
    interest: "equipment-rental",
    dealSize: null,
    createdAt: new Date("2030-01-01T00:00:00Z"),
    dashboardUrl: "https://site.example.test/dashboard?inquiry=6f1c2d3e-0000-4000-8000-000000000000",
  };

  it("a Slack webhook gets Slack's format: one text with a link", () => {
    const body = JSON.parse(
      buildWebhookBody({
        deliveryId: "d1",
        event: "inquiry.overdue",
        inquiry,
        url: "https://hooks.slack.com/services/T000/B000/XXXX",
      }),
    ) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(["text"]);
    expect(body.text).toContain("VM-6F1C2D3E");
    expect(body.text).toContain("without a reply for 24 hours");
    expect(body.text).toContain(`<${inquiry.dashboardUrl}|Open in the dashboard>`);
  });

  it("escapes Slack's control characters", () => {
    const body = JSON.parse(
      buildWebhookBody({
        deliveryId: "d2",
        event: "inquiry.received",
        inquiry: { ...inquiry, interest: "<!channel> & co" },
        url: "https://hooks.slack.com/services/T000/B000/XXXX",
      }),
    ) as { text: string };
    expect(body.text).toContain("&lt;!channel&gt; &amp; co");
    expect(body.text).not.toContain("<!channel>");
  });

  it("signs with HMAC-SHA256 over the timestamp, a dot and the exact body", () => {
    // Known answer: echo -n '1700000000.{"a":1}' | openssl dgst -sha256 -hmac key
    expect(signWebhookBody('{"a":1}', "key", 1_700_000_000_999)).toBe(
      "t=1700000000,v1=a438e398bfafc57e4396bb7fc2304422f0f768e965d073ca313cb52e22e6ad03",
    );
  });

  it("verifies within the tolerance only, either way, and never a tampered timestamp", () => {
    const sentAt = 1_700_000_000_000;
    const header = signWebhookBody('{"a":1}', "key", sentAt);
    const at = (offsetSeconds: number) =>
      verifyWebhookSignature('{"a":1}', "key", header, { nowMs: sentAt + offsetSeconds * 1000 });
    expect(at(0)).toBe(true);
    expect(at(WEBHOOK_SIGNATURE_TOLERANCE_SECONDS)).toBe(true);
    expect(at(-WEBHOOK_SIGNATURE_TOLERANCE_SECONDS)).toBe(true);
    expect(at(WEBHOOK_SIGNATURE_TOLERANCE_SECONDS + 1)).toBe(false);
    expect(at(-WEBHOOK_SIGNATURE_TOLERANCE_SECONDS - 1)).toBe(false);
    const moved = header.replace("t=1700000000", "t=1700000100");
    expect(verifyWebhookSignature('{"a":1}', "key", moved, { nowMs: sentAt + 100_000 })).toBe(false);
    expect(verifyWebhookSignature('{"a":1}', "key", "sha256=00", { nowMs: sentAt })).toBe(false);
  });
});
