import { and, count, eq, ne } from "drizzle-orm";
import { passkey, session as sessionTable, twoFactor, user } from "~db/schema";
import type { Db } from "~/lib/db/db.server";
import { logger } from "~/lib/ops/logger.server";
import { requireAccount } from "~/lib/auth/roles.server";

/** How a session proved a second factor; null for a password alone. */
export type SecondFactor = "totp" | "backup-code" | "passkey";

/** Better Auth endpoints whose new session proves a second factor. */
const FACTOR_BY_PATH: Record<string, SecondFactor> = {
  "/two-factor/verify-totp": "totp",
  "/two-factor/verify-backup-code": "backup-code",
  "/passkey/verify-authentication": "passkey",
};

/** Endpoints that start a session from a password or a link: never a second factor. */
const FIRST_FACTOR_PATHS = ["/sign-in/", "/sign-up/", "/verify-email", "/reset-password"];

interface NewSessionContext {
  path?: string;
  context?: { session?: { session: Record<string, unknown> } | null };
}

/**
 * For Better Auth's session.create hook: which second factor the new session proved. A session that
 * replaces the current one (two-factor toggled, password changed) keeps the current one's.
 */
export function secondFactorOfNewSession(
  session: Record<string, unknown>,
  context: NewSessionContext | null | undefined,
): SecondFactor | null {
  const path = context?.path ?? "";
  const proved = FACTOR_BY_PATH[path];
  if (proved) return proved;
  if (FIRST_FACTOR_PATHS.some((prefix) => path.startsWith(prefix))) return null;
  const inherited = session.secondFactor ?? context?.context?.session?.session.secondFactor;
  return isSecondFactor(inherited) ? inherited : null;
}

export function isSecondFactor(value: unknown): value is SecondFactor {
  return value === "totp" || value === "backup-code" || value === "passkey";
}

/** totp "pending": a secret issued, no code confirmed yet. */
export async function readSecondFactors(db: Db, userId: string) {
  const [[row], [keys]] = await Promise.all([
    db.select({ verified: twoFactor.verified }).from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1),
    db.select({ n: count() }).from(passkey).where(eq(passkey.userId, userId)),
  ]);
  const totp: "off" | "pending" | "on" = !row ? "off" : row.verified ? "on" : "pending";
  return { totp, passkeys: keys?.n ?? 0 };
}

export type SecondFactors = Awaited<ReturnType<typeof readSecondFactors>>;

export function hasSecondFactor(factors: SecondFactors): boolean {
  return factors.totp === "on" || factors.passkeys > 0;
}

/**
 * Once an account has a second factor, only a session that proved one may add or remove factors; else
 * the password alone would add an attacker's passkey, or remove the owner's.
 */
export function mayChangeSecondFactors(
  session: { secondFactor: SecondFactor | null },
  factors: SecondFactors,
) {
  return session.secondFactor !== null || !hasSecondFactor(factors);
}

/**
 * Ends every session of the user but `keep` (all without it): after a second factor is set up, no
 * password-only session may live on. By id, not start time: a sign-in racing the setup is younger.
 */
export async function endOtherSessions(
  db: Db,
  userId: string,
  keep: { id: string } | { token: string } | null,
): Promise<number> {
  const spare = !keep
    ? undefined
    : "id" in keep
      ? ne(sessionTable.id, keep.id)
      : ne(sessionTable.token, keep.token);
  const ended = await db
    .delete(sessionTable)
    .where(and(eq(sessionTable.userId, userId), spare))
    .returning({ id: sessionTable.id });
  return ended.length;
}

/**
 * For an owner who lost the device (`npm run admin -- reset-2fa`): removes the authenticator, its backup
 * codes and every passkey, and ends every session.
 */
export async function resetSecondFactors(db: Db, email: string) {
  const account = await requireAccount(db, email);
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(twoFactor)
      .where(eq(twoFactor.userId, account.id))
      .returning({ verified: twoFactor.verified });
    const passkeys = await tx
      .delete(passkey)
      .where(eq(passkey.userId, account.id))
      .returning({ id: passkey.id });
    await tx.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, account.id));
    const ended = await tx
      .delete(sessionTable)
      .where(eq(sessionTable.userId, account.id))
      .returning({ id: sessionTable.id });
    const hadTotp = removed.some((row) => row.verified);
    logger.warn(
      { userId: account.id, hadTotp, removedPasskeys: passkeys.length, endedSessions: ended.length },
      "second factor reset by an operator (npm run admin -- reset-2fa)",
    );
    return { account, hadTotp, removedPasskeys: passkeys.length, endedSessions: ended.length };
  });
}
