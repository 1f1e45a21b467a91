import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { contactSubmissions, inquiryMessages, inquiryReplies, sentMessageIds } from "~db/schema";
import { CONTACT_LIMITS } from "~/forms/contact";
import type { Db } from "~/lib/db/db.server";
import type { Env } from "~/lib/env.server";
import { createInquiry } from "~/lib/inquiries/intake.server";
import { recordEvent } from "~/lib/inquiries/timeline.server";
import { logger } from "~/lib/ops/logger.server";
import {
  addressOf,
  isAutomatic,
  isDeliveryReport,
  messageIdsIn,
  messageKeyOf,
  referenceIdPrefix,
} from "~/lib/conversation/mail-classify";
import type { FileReceivedMail, ReceivedMail } from "~/lib/conversation/received-mail";
import {
  announceChange,
  announceMessage,
  type ReceivedMailConfig,
  restartClock,
  showUnread,
  storeAttachments,
} from "~/lib/conversation/received-mail-effects.server";
import {
  heldReasonOf,
  type Sender,
  senderOf,
  withinAnnounceLimits,
} from "~/lib/conversation/received-mail-trust.server";

export type { ReceivedMailConfig } from "~/lib/conversation/received-mail-effects.server";

/** A Date header more than a day ahead, or before 1990, is not believed. */
function sentAtOf(mail: ReceivedMail): Date {
  const now = Date.now();
  const date = mail.date?.getTime();
  if (date === undefined || Number.isNaN(date) || date > now + 86_400_000 || date < Date.UTC(1990, 0, 1)) {
    return new Date(now);
  }
  return new Date(date);
}

async function sentMessageMatching(tx: Db, ids: string[]) {
  const wanted = [...new Set(ids.map((id) => id.trim()).filter(Boolean))];
  if (wanted.length === 0) return null;
  const [row] = await tx
    .select({ inquiryId: sentMessageIds.inquiry_id, replyId: sentMessageIds.reply_id })
    .from(sentMessageIds)
    .where(inArray(sentMessageIds.message_id, wanted))
    .orderBy(desc(sentMessageIds.created_at))
    .limit(1);
  return row ?? null;
}

/** The inquiry a message belongs to: by In-Reply-To/References, then by the reference in the subject. */
async function threadOf(tx: Db, mail: ReceivedMail): Promise<string | null> {
  const ids = [...(mail.inReplyTo ? [mail.inReplyTo] : []), ...mail.references];
  const sent = await sentMessageMatching(tx, ids);
  if (sent) return sent.inquiryId;
  if (ids.length > 0) {
    const [earlier] = await tx
      .select({ inquiryId: inquiryMessages.inquiry_id })
      .from(inquiryMessages)
      .where(inArray(inquiryMessages.message_id, ids))
      .limit(1);
    if (earlier) return earlier.inquiryId;
  }
  const prefix = referenceIdPrefix(mail.subject);
  if (!prefix) return null;
  const matches = await tx
    .select({ id: contactSubmissions.id })
    .from(contactSubmissions)
    .where(sql`${contactSubmissions.id}::text like ${`${prefix}%`}`)
    .limit(2);
  // A reference shared by two inquiries (8 hex digits) names neither.
  return matches.length === 1 ? matches[0]!.id : null;
}

/** Inserts the message once; null when it was filed already (another folder, another instance). */
async function insertMessage(
  tx: Db,
  mail: ReceivedMail,
  input: {
    inquiryId: string;
    kind: string;
    sender: Sender;
    replyId?: string | null;
    heldReason?: string | null;
  },
): Promise<string | null> {
  const [row] = await tx
    .insert(inquiryMessages)
    .values({
      inquiry_id: input.inquiryId,
      message_key: messageKeyOf(mail),
      message_id: mail.messageId,
      in_reply_to: mail.inReplyTo,
      kind: input.kind,
      from_address: addressOf(mail.from.address),
      from_name: mail.from.name,
      subject: mail.subject,
      body: mail.text,
      sent_at: sentAtOf(mail),
      authentication: input.sender.authentication.verdicts,
      sender_key: input.sender.key,
      sender_domain: input.sender.domain,
      held_reason: input.heldReason ?? null,
      mailbox: mail.mailbox,
      reply_id: input.replyId ?? null,
    })
    .onConflictDoNothing({ target: inquiryMessages.message_key })
    .returning({ id: inquiryMessages.id });
  return row?.id ?? null;
}

/** All a DSN says, where it names the message it reports on and the outcome. */
function reportText(mail: ReceivedMail): string {
  const parts = mail.attachments
    .filter((part) => part.content !== null && /^(message|text)\//i.test(part.contentType))
    .map((part) => Buffer.from(part.content!).toString("utf8"));
  return [mail.text, ...parts].join("\n");
}

/** A delivery report about one of our mails: recorded on its inquiry, and a failed reply marked failed. */
async function fileDeliveryReport(tx: Db, mail: ReceivedMail, sender: Sender): Promise<void> {
  const text = reportText(mail);
  const ids = [...(mail.inReplyTo ? [mail.inReplyTo] : []), ...mail.references, ...messageIdsIn(text)];
  const sent = await sentMessageMatching(tx, ids);
  if (!sent) return;
  const messageId = await insertMessage(tx, mail, {
    inquiryId: sent.inquiryId,
    kind: "delivery-report",
    sender,
    replyId: sent.replyId,
  });
  if (!messageId) return;
  const failed = /^action:\s*failed/im.test(text) || !/^action:/im.test(text);
  const diagnostic = /^diagnostic-code:\s*(.+)$/im.exec(text)?.[1] ?? /^status:\s*(.+)$/im.exec(text)?.[1];
  if (failed && sent.replyId) {
    await tx
      .update(inquiryReplies)
      .set({
        failed_at: sql`now()`,
        delivery_error: `Bounced: ${(diagnostic ?? "the recipient's server reported a delivery failure").trim().slice(0, 500)}`,
      })
      .where(and(eq(inquiryReplies.id, sent.replyId), eq(inquiryReplies.inquiry_id, sent.inquiryId)));
  }
  await recordEvent(tx, {
    inquiryId: sent.inquiryId,
    kind: "delivery-report-received",
    details: { failed, ...(sent.replyId ? { replyId: sent.replyId } : {}) },
  });
  await announceChange(tx);
}

/** The form's limits hold for an inquiry started by mail too. */
function inquiryFromMail(mail: ReceivedMail) {
  const email = addressOf(mail.from.address);
  const name = (mail.from.name?.trim() || email.split("@")[0] || email).slice(0, CONTACT_LIMITS.name);
  const body = mail.text.trim() || mail.subject.trim() || "(empty message)";
  return {
    name,
    company: null,
    email,
    phone: null,
    whatsapp: null,
    interest: null,
    deal_size: null,
    message: body.slice(0, CONTACT_LIMITS.message),
  };
}

/**
 * Files one received message. Automatic mail (RFC 3834) never starts an inquiry and is never answered; only a
 * sender our server vouched for is acknowledged, and one that failed its checks or is past its limits is held (decision 073).
 */
export function createReceivedMailFiler(config: ReceivedMailConfig): FileReceivedMail {
  const own = new Set(config.ownAddresses.map(addressOf));
  const teamAddresses = [...config.ownAddresses, ...config.adminEmails];
  return async (tx, mail) => {
    const from = addressOf(mail.from.address);
    if (own.has(from)) return;
    if (mail.messageId && (await sentMessageMatching(tx, [mail.messageId]))) return;
    const [seen] = await tx
      .select({ id: inquiryMessages.id })
      .from(inquiryMessages)
      .where(eq(inquiryMessages.message_key, messageKeyOf(mail)))
      .limit(1);
    if (seen) return;

    const sender = senderOf(mail, config.authservId ?? null);
    if (isDeliveryReport(mail.headers)) return fileDeliveryReport(tx, mail, sender);
    const automatic = isAutomatic(mail.headers);
    const inquiryId = await threadOf(tx, mail);
    if (inquiryId) {
      const heldReason = automatic ? null : await heldReasonOf(tx, inquiryId, sender, teamAddresses);
      const announce = !automatic && (await withinAnnounceLimits(tx, sender));
      const messageId = await insertMessage(tx, mail, {
        inquiryId,
        kind: automatic ? "auto-reply" : "message",
        sender,
        heldReason,
      });
      if (!messageId) return;
      await storeAttachments(tx, config, { inquiryId, messageId }, mail.attachments);
      await recordEvent(tx, {
        inquiryId,
        kind: automatic ? "auto-reply-received" : heldReason ? "message-held" : "message-received",
        details: { messageId, ...(heldReason ? { reason: heldReason } : {}) },
      });
      // An out-of-office reply is on the record, but the lead still waits for nobody.
      if (automatic) return announceChange(tx);
      // A held message waits for an admin: the lead is neither reopened nor its clock restarted.
      if (heldReason) await showUnread(tx, inquiryId);
      else await restartClock(tx, inquiryId);
      if (announce) await announceMessage(tx, config, inquiryId, { held: heldReason !== null });
      else await announceChange(tx);
      return;
    }
    if (automatic) {
      logger.info({ mailbox: mail.mailbox }, "automatic mail on no conversation: not filed");
      return;
    }
    const input = inquiryFromMail(mail);
    if (!/^[^\s@]+@[^\s@]+$/.test(input.email)) {
      logger.warn({ mailbox: mail.mailbox }, "received mail without a usable sender address: not filed");
      return;
    }
    const { trust } = sender.authentication;
    // Past its sender's limits a mail is still a lead: held, without a notice to anyone.
    const withinLimits = await withinAnnounceLimits(tx, sender);
    const created = await createInquiry(tx, input, {
      isSpam: false,
      held: trust === "fail" || !withinLimits,
      quiet: !withinLimits,
      // Only mail our server vouched for is answered: anything else could be a forged sender's victim.
      acknowledge: config.acknowledge && trust === "pass",
      adminEmails: config.adminEmails,
      siteUrl: config.siteUrl,
      webhookUrl: config.webhookUrl,
      submissionKey: `email:${messageKeyOf(mail)}`,
      source: "email",
      inReplyTo: mail.messageId,
    });
    if (created.duplicate) return;
    const messageId = await insertMessage(tx, mail, { inquiryId: created.id, kind: "message", sender });
    if (messageId) await storeAttachments(tx, config, { inquiryId: created.id, messageId }, mail.attachments);
  };
}

export function receivedMailConfigFromEnv(env: Env): ReceivedMailConfig {
  return {
    dataDir: env.DATA_DIR,
    uploadKey: env.UPLOAD_KEY ?? null,
    ownAddresses: [env.MAIL_FROM],
    acknowledge: env.ACK_EMAILS,
    adminEmails: env.ADMIN_EMAILS,
    siteUrl: env.SITE_URL,
    webhookUrl: env.WEBHOOK_URL,
    authservId: env.MAIL_AUTHSERV_ID ?? null,
  };
}
