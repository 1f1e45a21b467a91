import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import {
  account,
  accountActivity,
  passkey,
  session,
  twoFactor,
  user,
  userRoles,
  verification,
} from "~db/schema";
import type { Db } from "~/lib/db/db.server";
import { enqueueMail } from "~/lib/mail/mail.server";
import { inactivityWarningMail } from "~/lib/mail/retention-mails.server";
import { at, daysBefore, monthsBefore } from "~/lib/privacy/declarations/inquiry-tables.server";
import type { RetentionRun, Subject, TableDeclaration } from "~/lib/privacy/declarations/types";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Accounts warned per run: bounds one run's transaction; the next run does the rest. */
const WARNINGS_PER_RUN = 200;

/** An account's last use: created, signed in, or a session used (sessions slide daily). */
const accountLastUse = sql`greatest(${user.createdAt}, ${accountActivity.last_sign_in_at}, (select max(${session.updatedAt}) from ${session} where ${session.userId} = ${user.id}))`;

const noAccount = async () => [];

async function deleteInactiveAccounts(tx: Db, graceCutoff: Date): Promise<number> {
  const due = await tx
    .select({ id: user.id })
    .from(user)
    .innerJoin(accountActivity, eq(accountActivity.user_id, user.id))
    .where(
      and(
        isNotNull(accountActivity.inactivity_warned_at),
        lt(accountActivity.inactivity_warned_at, graceCutoff),
        // Not used since the warning.
        sql`${accountLastUse} < ${accountActivity.inactivity_warned_at}`,
      ),
    );
  if (due.length === 0) return 0;
  // Sessions, sign-in methods, roles, factors and activity cascade; reset tokens go in the verification step.
  const deleted = await tx
    .delete(user)
    .where(
      inArray(
        user.id,
        due.map((row) => row.id),
      ),
    )
    .returning({ id: user.id });
  return deleted.length;
}

async function warnInactiveAccounts(tx: Db, { now, config, siteUrl }: RetentionRun): Promise<number> {
  // A warning followed by use is void: the account counts as active again.
  await tx.execute(
    sql`update ${accountActivity} set inactivity_warned_at = null from ${user}
        where ${user.id} = ${accountActivity.user_id} and ${accountActivity.inactivity_warned_at} is not null
        and ${accountLastUse} >= ${accountActivity.inactivity_warned_at}`,
  );
  const idle = await tx
    .select({ id: user.id, email: user.email })
    .from(user)
    .leftJoin(accountActivity, eq(accountActivity.user_id, user.id))
    .where(
      and(
        isNull(accountActivity.inactivity_warned_at),
        sql`${accountLastUse} < ${at(monthsBefore(now, config.inactiveAccountMonths))}`,
      ),
    )
    .limit(WARNINGS_PER_RUN);
  const deleteAfter = new Date(now.getTime() + config.inactiveAccountGraceDays * DAY_MS);
  for (const idleAccount of idle) {
    await tx
      .insert(accountActivity)
      .values({ user_id: idleAccount.id, inactivity_warned_at: now })
      .onConflictDoUpdate({ target: accountActivity.user_id, set: { inactivity_warned_at: now } });
    // In the same transaction: the mail exists exactly when the warning is recorded.
    await enqueueMail(tx, inactivityWarningMail({ to: idleAccount.email, siteUrl, deleteAfter }));
  }
  return idle.length;
}

/** Inactive accounts: warned, then deleted after the grace period unless used since. */
const accountRetention = ["inactiveAccountMonths", "inactiveAccountGraceDays"] as const;

export const userDeclaration: TableDeclaration = {
  table: user,
  personal: true,
  exportAs: "account",
  label: "Accounts",
  async find(db, subject) {
    if (!subject.userId) return [];
    return db
      .select({
        id: user.id,
        name: user.name,
        email: user.email,
        emailVerified: user.emailVerified,
        twoFactorEnabled: user.twoFactorEnabled,
        createdAt: user.createdAt,
        updatedAt: user.updatedAt,
      })
      .from(user)
      .where(eq(user.id, subject.userId));
  },
  async erase(tx, subject) {
    if (!subject.userId) return 0;
    return (await tx.delete(user).where(eq(user.id, subject.userId)).returning({ id: user.id })).length;
  },
  retention: {
    kind: "own",
    periods: accountRetention,
    // Deletion first: an account warned in this run is never deleted by it.
    async apply(tx, run) {
      const deleted = await deleteInactiveAccounts(
        tx,
        daysBefore(run.now, run.config.inactiveAccountGraceDays),
      );
      const warned = await warnInactiveAccounts(tx, run);
      return deleted + warned;
    },
  },
};

/** A table of rows that belong to one account (userId / user_id), deleted with it. */
export function ownedByAccount(
  declaration: Omit<
    Extract<TableDeclaration, { personal: true }>,
    "personal" | "erase" | "find" | "retention"
  > & {
    find(db: Db, userId: string): Promise<Record<string, unknown>[]>;
    erase(tx: Db, userId: string): Promise<number>;
    retention?: Extract<TableDeclaration, { personal: true }>["retention"];
  },
): TableDeclaration {
  return {
    ...declaration,
    personal: true,
    find: (db, subject: Subject) => (subject.userId ? declaration.find(db, subject.userId) : noAccount()),
    erase: async (tx, subject: Subject) => (subject.userId ? declaration.erase(tx, subject.userId) : 0),
    retention: declaration.retention ?? { kind: "with-parent", parent: user, periods: accountRetention },
  };
}

export const sessionDeclaration = ownedByAccount({
  table: session,
  exportAs: "sessions",
  label: "Sessions",
  // Never the token: it is the session.
  find: (db, userId) =>
    db
      .select({
        createdAt: session.createdAt,
        updatedAt: session.updatedAt,
        expiresAt: session.expiresAt,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
        secondFactor: session.secondFactor,
      })
      .from(session)
      .where(eq(session.userId, userId))
      .orderBy(session.createdAt),
  erase: async (tx, userId) =>
    (await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id })).length,
  retention: {
    kind: "own",
    // The idle lifetime is each row's expiresAt (auth.server.ts sets it from sessionIdleDays).
    periods: ["sessionIdleDays", "sessionMaxDays"],
    async apply(tx, { now, config }) {
      const rows = await tx
        .delete(session)
        .where(or(lt(session.expiresAt, now), lt(session.createdAt, daysBefore(now, config.sessionMaxDays))))
        .returning({ id: session.id });
      return rows.length;
    },
  },
});

export const accountDeclaration = ownedByAccount({
  table: account,
  exportAs: "signInMethods",
  label: "Sign-in methods",
  // Never the password hash or a provider's tokens.
  find: (db, userId) =>
    db
      .select({ providerId: account.providerId, createdAt: account.createdAt, updatedAt: account.updatedAt })
      .from(account)
      .where(eq(account.userId, userId)),
  erase: async (tx, userId) =>
    (await tx.delete(account).where(eq(account.userId, userId)).returning({ id: account.id })).length,
});

/** Password-reset tokens name their user by id in `value`; the identifier holds the token itself. */
export const verificationDeclaration = ownedByAccount({
  table: verification,
  exportAs: "passwordResetTokens",
  label: "Password-reset tokens",
  find: async (db, userId) =>
    (
      await db
        .select({
          identifier: verification.identifier,
          createdAt: verification.createdAt,
          expiresAt: verification.expiresAt,
        })
        .from(verification)
        .where(eq(verification.value, userId))
    ).map((row) => ({
      purpose: row.identifier.split(":")[0],
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
    })),
  erase: async (tx, userId) =>
    (await tx.delete(verification).where(eq(verification.value, userId)).returning({ id: verification.id }))
      .length,
  retention: {
    kind: "own",
    // Each token expires with its link (app/content/auth-links.ts); no configured period of its own.
    periods: [],
    async apply(tx, { now }) {
      const rows = await tx
        .delete(verification)
        .where(
          or(
            lt(verification.expiresAt, now),
            // The account went (inactivity, deletion): its reset tokens go too.
            sql`${verification.identifier} like 'reset-password:%' and not exists (select 1 from ${user} where ${user.id} = ${verification.value})`,
          ),
        )
        .returning({ id: verification.id });
      return rows.length;
    },
  },
});

export const twoFactorDeclaration = ownedByAccount({
  table: twoFactor,
  exportAs: "authenticators",
  label: "Authenticator apps",
  // Never the secret or the backup codes.
  find: (db, userId) =>
    db
      .select({ verified: twoFactor.verified, lockedUntil: twoFactor.lockedUntil })
      .from(twoFactor)
      .where(eq(twoFactor.userId, userId)),
  erase: async (tx, userId) =>
    (await tx.delete(twoFactor).where(eq(twoFactor.userId, userId)).returning({ id: twoFactor.id })).length,
});

export const passkeyDeclaration = ownedByAccount({
  table: passkey,
  exportAs: "passkeys",
  label: "Passkeys",
  // Public keys only: the private key never leaves the owner's authenticator.
  find: (db, userId) =>
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
      .where(eq(passkey.userId, userId))
      .orderBy(passkey.createdAt),
  erase: async (tx, userId) =>
    (await tx.delete(passkey).where(eq(passkey.userId, userId)).returning({ id: passkey.id })).length,
});

export const userRolesDeclaration = ownedByAccount({
  table: userRoles,
  exportAs: "roles",
  label: "Roles",
  find: (db, userId) =>
    db
      .select({ role: userRoles.role, createdAt: userRoles.created_at })
      .from(userRoles)
      .where(eq(userRoles.user_id, userId)),
  erase: async (tx, userId) =>
    (await tx.delete(userRoles).where(eq(userRoles.user_id, userId)).returning({ role: userRoles.role }))
      .length,
});

export const accountActivityDeclaration = ownedByAccount({
  table: accountActivity,
  exportAs: "accountActivity",
  label: "Sign-in activity",
  find: (db, userId) =>
    db
      .select({
        lastSignInAt: accountActivity.last_sign_in_at,
        inactivityWarnedAt: accountActivity.inactivity_warned_at,
      })
      .from(accountActivity)
      .where(eq(accountActivity.user_id, userId)),
  erase: async (tx, userId) =>
    (
      await tx
        .delete(accountActivity)
        .where(eq(accountActivity.user_id, userId))
        .returning({ id: accountActivity.user_id })
    ).length,
});
