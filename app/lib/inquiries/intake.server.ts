import crypto from "node:crypto";
import { and, count, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { contactSubmissions, sentMessageIds, user, userRoles } from "~db/schema";
import { mailLimits } from "~/content/mail-limits";
import { PRIVACY_NOTICE_VERSION } from "~/content/privacy";
import type { ContactInput } from "~/forms/contact";
import type { VisitSource } from "~/forms/visit-source";
import type { Db } from "~/lib/db/db.server";
import type { Env } from "~/lib/env.server";
import {
  type InquiryForMail,
  renderInquiryAcknowledgement,
  renderInquiryNotification,
} from "~/lib/mail/inquiry-mails.server";
import { addressKey } from "~/lib/mail/address-key";
import { INQUIRY_NOTIFICATION } from "~/lib/mail/mail-job.server";
import { enqueueMail } from "~/lib/mail/mail.server";
import { ADMIN_ROLE } from "~/lib/auth/roles.server";
import { enqueueWebhook } from "~/lib/webhook/webhook-job.server";
import { recordEvent } from "~/lib/inquiries/timeline.server";
import { enqueueInquiryScreening } from "~/lib/sanctions/screening-jobs.server";
import { recordSentMessage } from "~/lib/conversation/message-ids.server";
import { formatInquiryReference, inquiryDashboardUrl } from "~/lib/inquiries/inquiry";

export const INQUIRY_ACKNOWLEDGEMENT = "inquiry-acknowledgement";

/** Recorded on an inquiry that nobody could be told about. */
export const NO_ADMIN_RECIPIENTS = "No admin recipients: give a user the admin role or set ADMIN_EMAILS.";

export interface AnnounceOptions {
  /** Send the visitor an acknowledgement (ACK_EMAILS). */
  acknowledge: boolean;
  /** ADMIN_EMAILS, added to the users with the admin role. */
  adminEmails: readonly string[];
  siteUrl: string;
  /** WEBHOOK_URL: a genuine inquiry queues a call to it in the same transaction. */
  webhookUrl?: string;
  /** For an inquiry started by mail: its Message-ID, which the acknowledgement answers. */
  inReplyTo?: string | null;
}

interface CreateInquiryOptions extends AnnounceOptions {
  /** The form's WhatsApp box was ticked: kept only with a WhatsApp number (decision 091). */
  whatsAppOptIn?: boolean;
  /** Tripped a bot trap: stored for review, but nobody is mailed. */
  isSpam: boolean;
  /** Only its speed looks like a bot: kept out of the inbox, the admins told; nobody else until released. */
  held?: boolean;
  /** Held without telling the admins (a sender past its limit): the held view and the digest show it. */
  quiet?: boolean;
  /** From deriveSubmissionKey: the same key again is the same submission. */
  submissionKey: string;
  /** From hashFormToken: a token already used by another submission marks this one as spam. */
  formTokenHash?: string | null;
  /** Where the visit began (decision 053). */
  visitSource?: VisitSource;
  /** The browser's first language (browserLanguage), for the language report. */
  browserLanguage?: string | null;
  /** "email": a mail to a team mailbox started the inquiry; "whatsapp": a WhatsApp message did. */
  source?: "form" | "email" | "whatsapp";
  /** Stores what a form adds to the inquiry (a rental request's machine and dates), in its transaction. */
  onStored?: (tx: Db, inquiryId: string) => Promise<void>;
}

/** Acknowledgements one address (by its key) gets at most per window: the form must not mail-bomb anyone. */
export const ACKNOWLEDGEMENT_LIMIT = mailLimits.acknowledgementsPerAddress;

export function hashFormToken(formToken: string): string | null {
  return formToken ? crypto.createHash("sha256").update(formToken).digest("base64url") : null;
}

/** Within both acknowledgement limits: per address key, and the site's in all. */
async function mayAcknowledge(db: Db, key: string): Promise<boolean> {
  const { acknowledgementsPerAddress: perAddress, acknowledgementsInAll: inAll } = mailLimits;
  const sentWithin = (windowMs: number) =>
    and(
      eq(sentMessageIds.kind, "acknowledgement"),
      gt(sentMessageIds.created_at, new Date(Date.now() - windowMs)),
    );
  const [toAddress] = await db
    .select({ sent: count() })
    .from(sentMessageIds)
    .innerJoin(contactSubmissions, eq(contactSubmissions.id, sentMessageIds.inquiry_id))
    .where(and(sentWithin(perAddress.windowMs), eq(contactSubmissions.email_key, key)));
  if ((toAddress?.sent ?? 0) >= perAddress.max) return false;
  return (await db.$count(sentMessageIds, sentWithin(inAll.windowMs))) < inAll.max;
}

/** The form's fields; one started by mail has no area of interest. */
type InquiryInput = Omit<ContactInput, "interest"> & { interest: ContactInput["interest"] | null };

interface CreatedInquiry {
  id: string;
  reference: string;
  /** This submission was stored before (a retry); nothing new was stored or queued. */
  duplicate: boolean;
}

/**
 * A visitor who sees no answer submits again, a browser retries after a dropped connection: the
 * form token marks one rendering of the form, so token and content identify one submission.
 */
export function deriveSubmissionKey(formToken: string, input: ContactInput): string {
  return crypto
    .createHash("sha256")
    .update(JSON.stringify([formToken, input]))
    .digest("base64url");
}

/** Users with the admin role plus ADMIN_EMAILS, lower-cased, each once. */
export async function findAdminRecipients(db: Db, adminEmails: readonly string[]): Promise<string[]> {
  const rows = await db
    .select({ email: user.email })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.user_id))
    .where(eq(userRoles.role, ADMIN_ROLE));
  const all = [...rows.map((row) => row.email), ...adminEmails].map((email) => email.trim().toLowerCase());
  return [...new Set(all.filter(Boolean))].sort();
}

/** Stores an inquiry and queues its mail in the same transaction: the mail exists exactly when the inquiry does. */
export async function createInquiry(
  db: Db,
  input: InquiryInput,
  options: CreateInquiryOptions,
): Promise<CreatedInquiry> {
  return db.transaction(async (tx) => {
    // A resend of this very submission is answered as before (decision 006).
    const earlier = await findBySubmissionKey(tx, options.submissionKey);
    if (earlier) return earlier;
    // One token, one submission: further inquiries sent with it are kept as spam, and mail no one.
    const formTokenHash = options.formTokenHash ?? null;
    const reused =
      formTokenHash !== null &&
      (await tx.$count(contactSubmissions, eq(contactSubmissions.form_token_hash, formTokenHash))) > 0;
    const isSpam = options.isSpam || reused;
    const held = !isSpam && options.held === true;
    const genuine = !isSpam && !held;
    const recipients = isSpam ? [] : await findAdminRecipients(tx, options.adminEmails);
    const [row] = await tx
      .insert(contactSubmissions)
      .values({
        ...input,
        email_key: addressKey(input.email),
        whatsapp_opt_in_at: options.whatsAppOptIn && input.whatsapp ? sql`now()` : null,
        ...options.visitSource,
        browser_language: options.browserLanguage ?? null,
        is_spam: !genuine,
        held,
        announced_at: genuine ? sql`now()` : null,
        notify_error: !isSpam && recipients.length === 0 ? NO_ADMIN_RECIPIENTS : null,
        submission_key: options.submissionKey,
        // The notice the form links to is the one in force now.
        privacy_notice_version: PRIVACY_NOTICE_VERSION,
        form_token_hash: formTokenHash,
        source: options.source ?? "form",
      })
      // A concurrent twin waits here for the first to commit, then inserts nothing.
      .onConflictDoNothing({ target: contactSubmissions.submission_key })
      .returning({ id: contactSubmissions.id, created_at: contactSubmissions.created_at });
    if (!row) {
      const twin = await findBySubmissionKey(tx, options.submissionKey);
      if (!twin) throw new Error("submission key conflicted, but no inquiry holds it");
      return twin;
    }
    const reference = formatInquiryReference(row.id);
    await options.onStored?.(tx, row.id);
    await enqueueInquiryScreening(tx, row.id);
    await recordEvent(tx, {
      inquiryId: row.id,
      kind: "received",
      details: isSpam ? { spam: true } : held ? { spam: true, held: true } : {},
    });
    const inquiry = { ...input, id: row.id, reference, createdAt: row.created_at };
    if (held && !options.quiet) await notifyAdmins(tx, inquiry, recipients, options.siteUrl, true);
    if (genuine) await announceInquiry(tx, inquiry, recipients, options);
    return { id: row.id, reference, duplicate: false };
  });
}

/** Tells of an inquiry, once: on arrival or on release from spam or held. */
async function announceInquiry(
  tx: Db,
  inquiry: InquiryForMail,
  recipients: readonly string[],
  options: AnnounceOptions,
): Promise<void> {
  // Reference, interest, deal size and a link: never the message or contact details.
  await enqueueWebhook(tx, {
    url: options.webhookUrl,
    event: "inquiry.received",
    inquiry: {
      id: inquiry.id,
      reference: inquiry.reference,
      interest: inquiry.interest ?? null,
      dealSize: inquiry.deal_size ?? null,
      createdAt: inquiry.createdAt,
      dashboardUrl: inquiryDashboardUrl(options.siteUrl, inquiry.id),
    },
  });
  await notifyAdmins(tx, inquiry, recipients, options.siteUrl);
  // Per recipient too, not only per IP: the admins still get the inquiry.
  if (options.acknowledge && (await mayAcknowledge(tx, addressKey(inquiry.email)))) {
    const inReplyTo = options.inReplyTo ?? null;
    await enqueueMail(tx, {
      kind: INQUIRY_ACKNOWLEDGEMENT,
      to: inquiry.email,
      inquiryId: inquiry.id,
      threading: await recordSentMessage(tx, {
        inquiryId: inquiry.id,
        kind: "acknowledgement",
        thread: { inReplyTo, references: inReplyTo ? [inReplyTo] : [] },
      }),
      ...renderInquiryAcknowledgement(inquiry, options.siteUrl),
    });
  }
}

async function notifyAdmins(
  tx: Db,
  inquiry: InquiryForMail,
  recipients: readonly string[],
  siteUrl: string,
  held = false,
): Promise<void> {
  if (recipients.length === 0) return;
  await enqueueMail(tx, {
    kind: INQUIRY_NOTIFICATION,
    to: [...recipients],
    replyTo: inquiry.email,
    inquiryId: inquiry.id,
    ...renderInquiryNotification(inquiry, siteUrl, { held }),
  });
}

async function findBySubmissionKey(db: Db, submissionKey: string): Promise<CreatedInquiry | null> {
  const [existing] = await db
    .select({ id: contactSubmissions.id })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.submission_key, submissionKey))
    .limit(1);
  return existing
    ? { id: existing.id, reference: formatInquiryReference(existing.id), duplicate: true }
    : null;
}

export function announceOptionsFromEnv(
  env: Pick<Env, "ACK_EMAILS" | "ADMIN_EMAILS" | "SITE_URL" | "WEBHOOK_URL">,
): AnnounceOptions {
  return {
    acknowledge: env.ACK_EMAILS,
    adminEmails: env.ADMIN_EMAILS,
    siteUrl: env.SITE_URL,
    webhookUrl: env.WEBHOOK_URL,
  };
}

/**
 * Announces the released inquiries among `ids` never announced. Call in the transaction that released
 * them, rows locked: the stamp on announced_at makes a second, concurrent release announce nothing.
 */
export async function announceReleased(
  tx: Db,
  ids: readonly string[],
  options: AnnounceOptions,
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await tx
    .update(contactSubmissions)
    .set({ announced_at: sql`now()` })
    .where(
      and(
        inArray(contactSubmissions.id, [...ids]),
        isNull(contactSubmissions.announced_at),
        eq(contactSubmissions.is_spam, false),
      ),
    )
    .returning();
  if (rows.length === 0) return 0;
  const recipients = await findAdminRecipients(tx, options.adminEmails);
  for (const row of rows) {
    // An acknowledgement answers mail or WhatsApp only on arrival (for mail, from a sender our mail server vouched for).
    await announceInquiry(
      tx,
      { ...row, reference: formatInquiryReference(row.id), createdAt: row.created_at },
      recipients,
      row.source !== "form" ? { ...options, acknowledge: false } : options,
    );
  }
  if (recipients.length === 0) {
    await tx
      .update(contactSubmissions)
      .set({ notify_error: NO_ADMIN_RECIPIENTS })
      .where(
        inArray(
          contactSubmissions.id,
          rows.map((row) => row.id),
        ),
      );
  }
  return rows.length;
}
