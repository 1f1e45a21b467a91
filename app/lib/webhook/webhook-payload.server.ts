import crypto from "node:crypto";
import { company } from "~/content/company";
import { dealSizeLabel, type InquirySummary, interestLabel } from "~/lib/mail/desk-mails.server";

export const WEBHOOK_EVENTS = ["inquiry.received", "inquiry.overdue", "inquiry.message_received"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Enough to act on, nothing a third-party receiver should hold: never the message, the name or a contact detail. */
export type WebhookInquiry = InquirySummary & { id: string };

export const SIGNATURE_HEADER = "X-Webhook-Signature";

/** A Slack incoming webhook gets Slack's message format; anything else gets our JSON. */
function isSlackWebhook(url: string): boolean {
  return new URL(url).hostname === "hooks.slack.com";
}

/** How far a call's timestamp may be from the receiver's clock: a call replayed later is refused (decision 018). */
export const WEBHOOK_SIGNATURE_TOLERANCE_SECONDS = 300;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`: each attempt signs its own time with the body. */
export function signWebhookBody(body: string, secret: string, nowMs = Date.now()): string {
  const timestamp = Math.floor(nowMs / 1000);
  return `t=${timestamp},v1=${signatureOf(timestamp, body, secret).toString("hex")}`;
}

function signatureOf(timestamp: number, body: string, secret: string): Buffer {
  return crypto.createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest();
}

/** For receivers (and tests): v1 matches in constant time, and the timestamp is within the tolerance. */
export function verifyWebhookSignature(
  body: string,
  secret: string,
  header: string | null | undefined,
  { nowMs = Date.now(), toleranceSeconds = WEBHOOK_SIGNATURE_TOLERANCE_SECONDS } = {},
): boolean {
  if (!header) return false;
  const fields = header.split(",").map((part) => part.trim().split("="));
  const timestamp = fields.find(([name]) => name === "t")?.[1];
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > toleranceSeconds) return false;
  const expected = signatureOf(Number(timestamp), body, secret);
  return fields.some(
    ([name, value]) =>
      name === "v1" &&
      value !== undefined &&
      /^[0-9a-f]{64}$/.test(value) &&
      crypto.timingSafeEqual(Buffer.from(value, "hex"), expected),
  );
}

/** Slack mrkdwn: &, < and > are control characters. */
function slackEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const HEADLINES: Record<WebhookEvent, string> = {
  "inquiry.received": "New inquiry",
  "inquiry.overdue": `Inquiry without a reply for ${company.responseTime}`,
  "inquiry.message_received": "New message from the lead of inquiry",
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
