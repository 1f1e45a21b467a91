import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import {
  account,
  accountActivity,
  passkey,
  savedViews,
  session,
  twoFactor,
  user,
  userRoles,
  verification,
  workspacePreferences,
} from "~db/schema";
import type { Db } from "~/lib/db/db.server";
import { enqueueMail } from "~/lib/mail/mail.server";
import { inactivityWarningMail } from "~/lib/mail/retention-mails.server";
import {
  ACCOUNT_PERIODS,
  at,
  daysBefore,
  deleteRows,
  monthsBefore,
  ownedByAccount,
} from "~/lib/privacy/declarations/declare-table.server";
import type { RetentionRun } from "~/lib/privacy/declarations/types";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Bounds one run's transaction; the next run does the rest. */
const WARNINGS_PER_RUN = 200;

/** An account's last use: created, signed in, or a session used (sessions slide daily). */
const accountLastUse = sql`greatest(${user.createdAt}, ${accountActivity.last_sign_in_at}, (select max(${session.updatedAt}) from ${session} where ${session.userId} = ${user.id}))`;

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
  return deleteRows(
    tx,
    user,
    inArray(
      user.id,
      due.map((row) => row.id),
    ),
  );
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

export const userDeclaration = ownedByAccount({
  owner: user.id,
  exportAs: "account",
  label: "Accounts",
  columns: {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    twoFactorEnabled: user.twoFactorEnabled,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  },
  retention: {
    kind: "own",
    periods: ACCOUNT_PERIODS,
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
});

export const sessionDeclaration = ownedByAccount({
  owner: session.userId,
  exportAs: "sessions",
  label: "Sessions",
  // Never the token: it is the session.
  columns: {
    createdAt: session.createdAt,
    updatedAt: session.updatedAt,
    expiresAt: session.expiresAt,
    ipAddress: session.ipAddress,
    userAgent: session.userAgent,
    secondFactor: session.secondFactor,
  },
  orderBy: session.createdAt,
  retention: {
    kind: "own",
    // The idle lifetime is each row's expiresAt (auth.server.ts sets it from sessionIdleDays).
    periods: ["sessionIdleDays", "sessionMaxDays"],
    apply: (tx, { now, config }) =>
      deleteRows(
        tx,
        session,
        or(lt(session.expiresAt, now), lt(session.createdAt, daysBefore(now, config.sessionMaxDays))),
      ),
  },
});

export const accountDeclaration = ownedByAccount({
  owner: account.userId,
  exportAs: "signInMethods",
  label: "Sign-in methods",
  // Never the password hash or a provider's tokens.
  columns: { providerId: account.providerId, createdAt: account.createdAt, updatedAt: account.updatedAt },
});

/** Password-reset tokens name their user by id in `value`; the identifier holds the token itself. */
export const verificationDeclaration = ownedByAccount({
  owner: verification.value,
  exportAs: "passwordResetTokens",
  label: "Password-reset tokens",
  columns: {
    identifier: verification.identifier,
    createdAt: verification.createdAt,
    expiresAt: verification.expiresAt,
  },
  map: ({ identifier, ...row }) => ({ purpose: (identifier as string).split(":")[0], ...row }),
  retention: {
    kind: "own",
    // Each token expires with its link (app/content/auth-links.ts); no configured period of its own.
    periods: [],
    apply: (tx, { now }) =>
      deleteRows(
        tx,
        verification,
        or(
          lt(verification.expiresAt, now),
          // The account went (inactivity, deletion): its reset tokens go too.
          sql`${verification.identifier} like 'reset-password:%' and not exists (select 1 from ${user} where ${user.id} = ${verification.value})`,
        ),
      ),
  },
});

export const twoFactorDeclaration = ownedByAccount({
  owner: twoFactor.userId,
  exportAs: "authenticators",
  label: "Authenticator apps",
  // Never the secret or the backup codes.
  columns: { verified: twoFactor.verified, lockedUntil: twoFactor.lockedUntil },
});

export const passkeyDeclaration = ownedByAccount({
  owner: passkey.userId,
  exportAs: "passkeys",
  label: "Passkeys",
  // Public keys only: the private key never leaves the owner's authenticator.
  columns: {
    name: passkey.name,
    createdAt: passkey.createdAt,
    credentialId: passkey.credentialID,
    publicKey: passkey.publicKey,
    deviceType: passkey.deviceType,
    backedUp: passkey.backedUp,
    transports: passkey.transports,
    authenticatorModel: passkey.aaguid,
  },
  orderBy: passkey.createdAt,
});

export const userRolesDeclaration = ownedByAccount({
  owner: userRoles.user_id,
  exportAs: "roles",
  label: "Roles",
  columns: { role: userRoles.role, createdAt: userRoles.created_at },
});

export const accountActivityDeclaration = ownedByAccount({
  owner: accountActivity.user_id,
  exportAs: "accountActivity",
  label: "Sign-in activity",
  columns: {
    lastSignInAt: accountActivity.last_sign_in_at,
    inactivityWarnedAt: accountActivity.inactivity_warned_at,
  },
});

export const workspacePreferencesDeclaration = ownedByAccount({
  owner: workspacePreferences.user_id,
  exportAs: "workspacePreferences",
  label: "Workspace preferences",
  columns: { inboxLayout: workspacePreferences.inbox_layout, updatedAt: workspacePreferences.updated_at },
});

/** The owner's id makes them personal; a shared view goes with its owner too. */
export const savedViewsDeclaration = ownedByAccount({
  owner: savedViews.owner_id,
  exportAs: "savedViews",
  label: "Saved inbox views",
  columns: {
    name: savedViews.name,
    query: savedViews.query,
    shared: savedViews.shared,
    createdAt: savedViews.created_at,
  },
  orderBy: savedViews.created_at,
});
