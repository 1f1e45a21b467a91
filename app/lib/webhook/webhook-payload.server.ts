import crypto from "node:crypto";
import { company } from "~/content/company";
import { dealSizeLabel, interestLabel } from "../mail/desk-mails.server";

export const WEBHOOK_EVENTS = ["inquiry.received", "inquiry.overdue"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * What a webhook may say about an inquiry: enough to act on, nothing the
 * receiver (a chat channel, a third-party service) should hold. Never the
 * message, the name or any contact detail.
 */
export interface WebhookInquiry {
  id: string;
  reference: string;
  interest: string | null;
  dealSize: string | null;
  createdAt: Date;
  dashboardUrl: string;
}

export const SIGNATURE_HEADER = "X-Webhook-Signature";

/** A Slack incoming webhook gets Slack's message format; anything else gets our JSON. */
export function isSlackWebhook(url: string): boolean {
  return new URL(url).hostname === "hooks.slack.com";
}

/** `sha256=` and the hex HMAC-SHA256 of the exact body bytes, keyed with WEBHOOK_SECRET. */
export function signWebhookBody(body: string, secret: string): string {
  return `sha256=${crypto.createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

/** For receivers (and tests): constant-time comparison of a received signature. */
export function verifyWebhookSignature(
  body: string,
  secret: string,
  signature: string | null | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(signWebhookBody(body, secret));
  const received = Buffer.from(signature);
  return expected.length === received.length && crypto.timingSafeEqual(expected, received);
}

/** Slack mrkdwn: &, < and > are control characters. */
function slackEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const HEADLINES: Record<WebhookEvent, string> = {
  "inquiry.received": "New inquiry",
  "inquiry.overdue": `Inquiry without a reply for ${company.responseTime}`,
};

/** The body of one call: `id` is the delivery's id, the same on every retry, so receivers can drop repeats. */
export function buildWebhookBody(options: {
  deliveryId: string;
  event: WebhookEvent;
  inquiry: WebhookInquiry;
  url: string;
}): string {
  const { inquiry, event } = options;
  const interest = interestLabel(inquiry.interest);
  const dealSize = dealSizeLabel(inquiry.dealSize);
  if (isSlackWebhook(options.url)) {
    return JSON.stringify({
      text: `${HEADLINES[event]} ${slackEscape(inquiry.reference)}: ${slackEscape(interest)}, ${slackEscape(dealSize)}. <${slackEscape(inquiry.dashboardUrl)}|Open in the dashboard>`,
    });
  }
  return JSON.stringify({
    id: options.deliveryId,
    event,
    inquiry: {
      reference: inquiry.reference,
      interest: inquiry.interest,
      interestLabel: interest,
      dealSize: inquiry.dealSize,
      dealSizeLabel: dealSize,
      receivedAt: inquiry.createdAt.toISOString(),
      dashboardUrl: inquiry.dashboardUrl,
    },
  });
}
