import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { webhookOutbox } from "../../../db/schema";
import type { Db } from "../db/db.server";
import { logger } from "../ops/logger.server";
import { claimDueRows, planRetry } from "../ops/outbox-claim.server";
import { type PollingWorker, startPollingWorker } from "../ops/polling-worker.server";
import {
  buildWebhookBody,
  SIGNATURE_HEADER,
  signWebhookBody,
  type WebhookEvent,
  type WebhookInquiry,
} from "./webhook-payload.server";

/** A receiver that does not answer in this time has failed this attempt. */
const REQUEST_TIMEOUT_MS = 10_000;

type WebhookRow = typeof webhookOutbox.$inferSelect;

let onEnqueued: (() => void) | undefined;

/**
 * Queues a webhook call. Call it inside the transaction that records what it
 * announces: it then exists exactly when that does. Does nothing without a URL.
 */
export async function enqueueWebhook(
  db: Db,
  options: { url: string | undefined; event: WebhookEvent; inquiry: WebhookInquiry },
): Promise<string | null> {
  if (!options.url) return null;
  const id = crypto.randomUUID();
  await db.insert(webhookOutbox).values({
    id,
    kind: options.event,
    url: options.url,
    body: buildWebhookBody({
      deliveryId: id,
      event: options.event,
      inquiry: options.inquiry,
      url: options.url,
    }),
    inquiry_id: options.inquiry.id,
  });
  if (onEnqueued) setImmediate(onEnqueued);
  return id;
}

/** One POST; a redirect or any non-2xx answer is a failure to retry. */
async function post(row: WebhookRow, secret: string | undefined): Promise<void> {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "User-Agent": "lead-desk-webhook/1",
    "X-Webhook-Id": row.id,
    "X-Webhook-Event": row.kind,
  };
  if (secret) headers[SIGNATURE_HEADER] = signWebhookBody(row.body, secret);
  const response = await fetch(row.url, {
    method: "POST",
    headers,
    body: row.body,
    redirect: "manual",
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  await response.body?.cancel();
  if (response.status < 200 || response.status >= 300) throw new Error(`HTTP ${response.status}`);
}

/** Delivers what is due now; returns how many calls it tried. */
export async function deliverDueWebhooks(
  db: Db,
  options: { secret: string | undefined; now?: Date; batch?: number },
): Promise<number> {
  const rows = await claimDueRows(db, webhookOutbox, options.now, options.batch ?? 10);
  for (const row of rows) {
    const attempts = row.attempts + 1;
    try {
      await post(row, options.secret);
      await db
        .update(webhookOutbox)
        .set({ sent_at: new Date(), locked_until: null, last_error: null, attempts })
        .where(eq(webhookOutbox.id, row.id));
    } catch (error) {
      const failedAt = new Date();
      const { giveUp, message, set } = planRetry(row.attempts, error, failedAt, options.now ?? failedAt);
      await db.update(webhookOutbox).set(set).where(eq(webhookOutbox.id, row.id));
      logger.warn(
        { webhookId: row.id, kind: row.kind, attempts, giveUp, err: message },
        "webhook delivery failed",
      );
    }
  }
  return rows.length;
}

/** Delivers webhook calls in the background, like the mail worker. */
export function startWebhookWorker(db: Db, secret: string | undefined, pollMs = 5_000): PollingWorker {
  const worker = startPollingWorker({
    name: "webhook worker",
    pollMs,
    deliverBatch: () => deliverDueWebhooks(db, { secret }),
    onStop: () => {
      onEnqueued = undefined;
    },
  });
  onEnqueued = worker.kick;
  return worker;
}
