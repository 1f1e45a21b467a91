import { and, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import {
  account,
  accountActivity,
  contactSubmissions,
  inquiryEvents,
  inquiryReplies,
  jobs,
  passkey,
  privacyErasures,
  rateLimits,
  session,
  user,
  userRoles,
  verification,
} from "../../../db/schema";
import type { Db } from "../db/db.server";
import { type MailPayload, mailJob } from "../mail/mail-job.server";

/**
 * Everything held about one email address (a subject access request), and
 * its erasure. Secrets are never exported: no password hash, no session
 * token, no reset token.
 */

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Mail jobs addressed to the email (account mail, acknowledgements), or about its inquiries. */
function mailWhere(email: string, inquiryIds: string[], scope: ErasureScope): SQL | undefined {
  const addressed = sql`exists (select 1 from jsonb_array_elements_text(${jobs.payload}->'to') as recipient(address) where lower(recipient.address) = ${email})`;
  const mail = eq(jobs.kind, mailJob.kind);
  if (scope === "account") return and(mail, addressed, isNull(jobs.inquiry_id));
  return and(mail, inquiryIds.length > 0 ? or(addressed, inArray(jobs.inquiry_id, inquiryIds)) : addressed);
}

/** What erasure deletes of the queue: that mail, and every job (a webhook call, …) about its inquiries. */
function jobsWhere(email: string, inquiryIds: string[], scope: ErasureScope): SQL | undefined {
  const mail = mailWhere(email, inquiryIds, scope);
  return inquiryIds.length > 0 ? or(mail, inArray(jobs.inquiry_id, inquiryIds)) : mail;
}

/** Rate-limit counters keyed by this email (auth limits: `auth:<action>:email:<email>`). */
const rateLimitWhere = (email: string) =>
  sql`lower(${rateLimits.key}) like ${`auth:%:email:${escapeLike(email)}`}`;

export interface PersonalData {
  email: string;
  inquiries: (typeof contactSubmissions.$inferSelect)[];
  /** Replies sent from the desk to their inquiries. */
  replies: {
    inquiryId: string;
    to: string;
    subject: string;
    body: string;
    createdAt: Date;
    deliveredAt: Date | null;
    failedAt: Date | null;
  }[];
  /** How their inquiries were handled (the timeline); who acted is given as a user id, or null. */
  inquiryHistory: { inquiryId: string; kind: string; details: Record<string, unknown>; createdAt: Date }[];
  account: {
    id: string;
    name: string;
    email: string;
    emailVerified: boolean;
    createdAt: Date;
    updatedAt: Date;
    roles: string[];
    lastSignInAt: Date | null;
    inactivityWarnedAt: Date | null;
    signInMethods: { providerId: string; createdAt: Date; updatedAt: Date }[];
  } | null;
  sessions: {
    createdAt: Date;
    updatedAt: Date;
    expiresAt: Date;
    ipAddress: string | null;
    userAgent: string | null;
  }[];
  /** Public keys only: the private key never leaves the owner's authenticator. */
  passkeys: {
    name: string | null;
    createdAt: Date | null;
    credentialId: string;
    publicKey: string;
    deviceType: string;
    backedUp: boolean;
    transports: string | null;
    authenticatorModel: string | null;
  }[];
  mail: {
    kind: string;
    to: string[];
    replyTo: string | null;
    subject: string;
    text: string;
    createdAt: Date;
    sentAt: Date | null;
    failedAt: Date | null;
  }[];
  rateLimitCounters: { key: string; windowStart: Date; count: number; expiresAt: Date }[];
  passwordResetTokens: number;
}

/** How many rows of each kind a request covers: what the confirmation shows and the erasure records. */
export interface PersonalDataCounts {
  inquiries: number;
  replies: number;
  users: number;
  sessions: number;
  mail: number;
  rateLimitCounters: number;
  passwordResetTokens: number;
}

export function countPersonalData(data: PersonalData): PersonalDataCounts {
  return {
    inquiries: data.inquiries.length,
    replies: data.replies.length,
    users: data.account ? 1 : 0,
    sessions: data.sessions.length,
    mail: data.mail.length,
    rateLimitCounters: data.rateLimitCounters.length,
    passwordResetTokens: data.passwordResetTokens,
  };
}

/** Scope "account": the account's own data only (an account holder's download), no inquiries. */
export async function findPersonalData(
  db: Db,
  rawEmail: string,
  scope: ErasureScope = "all",
): Promise<PersonalData> {
  const email = normalizeEmail(rawEmail);
  const inquiries =
    scope === "account"
      ? []
      : await db
          .select()
          .from(contactSubmissions)
          .where(sql`lower(${contactSubmissions.email}) = ${email}`)
          .orderBy(contactSubmissions.created_at);
  const inquiryIds = inquiries.map((row) => row.id);
  const replies =
    inquiryIds.length === 0
      ? []
      : await db
          .select({
            inquiryId: inquiryReplies.inquiry_id,
            to: inquiryReplies.to,
            subject: inquiryReplies.subject,
            body: inquiryReplies.body,
            createdAt: inquiryReplies.created_at,
            deliveredAt: inquiryReplies.delivered_at,
            failedAt: inquiryReplies.failed_at,
          })
          .from(inquiryReplies)
          .where(inArray(inquiryReplies.inquiry_id, inquiryIds))
          .orderBy(inquiryReplies.created_at);
  const inquiryHistory =
    inquiryIds.length === 0
      ? []
      : await db
          .select({
            inquiryId: inquiryEvents.inquiry_id,
            kind: inquiryEvents.kind,
            details: inquiryEvents.details,
            createdAt: inquiryEvents.created_at,
          })
          .from(inquiryEvents)
          .where(inArray(inquiryEvents.inquiry_id, inquiryIds))
          .orderBy(inquiryEvents.created_at);
  const [found] = await db
    .select()
    .from(user)
    .where(sql`lower(${user.email}) = ${email}`)
    .limit(1);
  const mail = await db
    .select()
    .from(jobs)
    .where(
      mailWhere(
        email,
        inquiries.map((row) => row.id),
        scope,
      ),
    )
    .orderBy(jobs.created_at);
  const counters = await db.select().from(rateLimits).where(rateLimitWhere(email));

  let accountData: PersonalData["account"] = null;
  let sessions: PersonalData["sessions"] = [];
  let passkeys: PersonalData["passkeys"] = [];
  let passwordResetTokens = 0;
  if (found) {
    const [roles, [activity], methods, sessionRows, tokens, passkeyRows] = await Promise.all([
      db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.user_id, found.id)),
      db.select().from(accountActivity).where(eq(accountActivity.user_id, found.id)),
      db
        .select({
          providerId: account.providerId,
          createdAt: account.createdAt,
          updatedAt: account.updatedAt,
        })
        .from(account)
        .where(eq(account.userId, found.id)),
      db
        .select({
          createdAt: session.createdAt,
          updatedAt: session.updatedAt,
          expiresAt: session.expiresAt,
          ipAddress: session.ipAddress,
          userAgent: session.userAgent,
        })
        .from(session)
        .where(eq(session.userId, found.id))
        .orderBy(session.createdAt),
      db.select({ id: verification.id }).from(verification).where(eq(verification.value, found.id)),
      db
        .select({
          name: passkey.name,
          createdAt: passkey.createdAt,
          credentialId: passkey.credentialID,
          publicKey: passkey.publicKey,
          deviceType: passkey.deviceType,
          backedUp: passkey.backedUp,
          transports: passkey.transports,
          authenticatorModel: passkey.aaguid,
        })
        .from(passkey)
        .where(eq(passkey.userId, found.id))
        .orderBy(passkey.createdAt),
    ]);
    accountData = {
      id: found.id,
      name: found.name,
      email: found.email,
      emailVerified: found.emailVerified,
      createdAt: found.createdAt,
      updatedAt: found.updatedAt,
      roles: roles.map((row) => row.role),
      lastSignInAt: activity?.last_sign_in_at ?? null,
      inactivityWarnedAt: activity?.inactivity_warned_at ?? null,
      signInMethods: methods,
    };
    sessions = sessionRows;
    passkeys = passkeyRows;
    passwordResetTokens = tokens.length;
  }

  return {
    email,
    inquiries,
    replies,
    inquiryHistory,
    account: accountData,
    sessions,
    passkeys,
    mail: mail.map((row) => {
      const payload = row.payload as MailPayload;
      return {
        kind: payload.purpose,
        to: payload.to,
        replyTo: payload.replyTo,
        subject: payload.subject,
        text: payload.text,
        createdAt: row.created_at,
        sentAt: row.done_at,
        failedAt: row.failed_at,
      };
    }),
    rateLimitCounters: counters.map((row) => ({
      key: row.key,
      windowStart: row.window_start,
      count: row.count,
      expiresAt: row.expires_at,
    })),
    passwordResetTokens,
  };
}

/** "all": a rights request (inquiries too); "account": an account holder deleting their account. */
export type ErasureScope = "all" | "account";

export interface ErasureRecord {
  erasedBy: string;
  kind: "rights-request" | "account-deletion";
}

/**
 * Erases what `findPersonalData` finds (the inquiries only in scope "all"),
 * in one transaction that also records that the erasure happened: when, by
 * whom, how many rows per table. Returns those counts.
 */
export async function erasePersonalData(
  db: Db,
  rawEmail: string,
  scope: ErasureScope,
  record: ErasureRecord,
): Promise<Record<string, number>> {
  const email = normalizeEmail(rawEmail);
  return db.transaction(async (tx) => {
    const counts: Record<string, number> = {};
    const inquiryIds =
      scope === "all"
        ? (
            await tx
              .select({ id: contactSubmissions.id })
              .from(contactSubmissions)
              .where(sql`lower(${contactSubmissions.email}) = ${email}`)
              .for("update")
          ).map((row) => row.id)
        : [];
    counts.jobs = (
      await tx
        .delete(jobs)
        .where(jobsWhere(email, inquiryIds, scope))
        .returning({ id: jobs.id })
    ).length;
    if (inquiryIds.length > 0) {
      // These go with the inquiries (ON DELETE CASCADE); counted first, for the record.
      counts.inquiry_replies = (
        await tx
          .delete(inquiryReplies)
          .where(inArray(inquiryReplies.inquiry_id, inquiryIds))
          .returning({ id: inquiryReplies.id })
      ).length;
      counts.inquiry_events = (
        await tx
          .delete(inquiryEvents)
          .where(inArray(inquiryEvents.inquiry_id, inquiryIds))
          .returning({ id: inquiryEvents.id })
      ).length;
    }
    counts.contact_submissions =
      inquiryIds.length === 0
        ? 0
        : (
            await tx
              .delete(contactSubmissions)
              .where(inArray(contactSubmissions.id, inquiryIds))
              .returning({ id: contactSubmissions.id })
          ).length;
    counts.rate_limits = (
      await tx.delete(rateLimits).where(rateLimitWhere(email)).returning({ key: rateLimits.key })
    ).length;

    const [found] = await tx
      .select({ id: user.id })
      .from(user)
      .where(sql`lower(${user.email}) = ${email}`)
      .for("update");
    if (found) {
      counts.verification = (
        await tx
          .delete(verification)
          .where(eq(verification.value, found.id))
          .returning({ id: verification.id })
      ).length;
      // These go with the user row (ON DELETE CASCADE); counted first, for the record.
      counts.session = (
        await tx.delete(session).where(eq(session.userId, found.id)).returning({ id: session.id })
      ).length;
      counts.passkey = (
        await tx.delete(passkey).where(eq(passkey.userId, found.id)).returning({ id: passkey.id })
      ).length;
      counts.account = (
        await tx.delete(account).where(eq(account.userId, found.id)).returning({ id: account.id })
      ).length;
      counts.user_roles = (
        await tx.delete(userRoles).where(eq(userRoles.user_id, found.id)).returning({ role: userRoles.role })
      ).length;
      counts.account_activity = (
        await tx
          .delete(accountActivity)
          .where(eq(accountActivity.user_id, found.id))
          .returning({ id: accountActivity.user_id })
      ).length;
      counts.user = (await tx.delete(user).where(eq(user.id, found.id)).returning({ id: user.id })).length;
    } else {
      counts.user = 0;
    }
    await tx
      .insert(privacyErasures)
      .values({ erased_by: record.erasedBy, kind: record.kind, row_counts: counts });
    return counts;
  });
}
