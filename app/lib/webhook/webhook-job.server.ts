/* The body is stored as sent; the signature is computed at delivery, so WEBHOOK_SECRET never enters the database. */
import crypto from "node:crypto";
import { z } from "zod";
import type { Db } from "~/lib/db/db.server";
import { defineJobKind } from "~/lib/jobs/job-kind.server";
import { isInquiryBlocked } from "~/lib/sanctions/decisions.server";
import { enqueueJob } from "~/lib/jobs/job-queue.server";
import {
  buildWebhookBody,
  SIGNATURE_HEADER,
  signWebhookBody,
  WEBHOOK_EVENTS,
  type WebhookEvent,
  type WebhookInquiry,
} from "~/lib/webhook/webhook-payload.server";

/** A receiver that does not answer in this time has failed this attempt. */
const REQUEST_TIMEOUT_MS = 10_000;

export const webhookPayloadSchema = z.object({
  event: z.enum(WEBHOOK_EVENTS),
  url: z.url(),
  body: z.string(),
});
type WebhookCall = z.infer<typeof webhookPayloadSchema> & { deliveryId: string };

export interface WebhookSender {
  /** One POST; a redirect or any non-2xx answer throws (the queue retries). */
  post(call: WebhookCall): Promise<void>;
}

/** Signs each body with `secret` when there is one (WEBHOOK_SECRET). */
export function createWebhookSender(secret: string | undefined): WebhookSender {
  return {
    async post(call) {
      const headers: Record<string, string> = {
        "Content-Type": "application/json",
        "User-Agent": "lead-desk-webhook/1",
        "X-Webhook-Id": call.deliveryId,
        "X-Webhook-Event": call.event,
      };
      if (secret) headers[SIGNATURE_HEADER] = signWebhookBody(call.body, secret);
      const response = await fetch(call.url, {
        method: "POST",
        headers,
        body: call.body,
        redirect: "manual",
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (response.status < 200 || response.status >= 300) throw new Error(`HTTP ${response.status}`);
    },
  };
}

/** The job's id is the delivery id: the same on every retry, so receivers can drop repeats. */
export const webhookJob = defineJobKind({
  kind: "webhook",
  payloadSchema: webhookPayloadSchema,
  run: (payload, job, deps: { webhooks: WebhookSender }) =>
    deps.webhooks.post({ ...payload, deliveryId: job.id }),
});

/** Queues a webhook call in the transaction that records what it announces; nothing without a URL. */
export async function enqueueWebhook(
  db: Db,
  options: { url: string | undefined; event: WebhookEvent; inquiry: WebhookInquiry },
): Promise<string | null> {
  if (!options.url) return null;
  if (await isInquiryBlocked(db, options.inquiry.id)) return null;
  const id = crypto.randomUUID();
  const body = buildWebhookBody({
    deliveryId: id,
    event: options.event,
    inquiry: options.inquiry,
    url: options.url,
  });
  return enqueueJob(
    db,
    webhookJob,
    { event: options.event, url: options.url, body },
    { id, inquiryId: options.inquiry.id },
  );
}
