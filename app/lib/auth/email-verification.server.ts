import { createHash, randomUUID } from "node:crypto";
import { and, eq, gt, like } from "drizzle-orm";
import { account, user, verification } from "~db/auth-schema";
import type { Db } from "~/lib/db/db.server";
import { verificationMail } from "~/lib/mail/auth-mails.server";
import { enqueueMail } from "~/lib/mail/mail.server";

/**
 * Better Auth's verification links are valid until they expire: each one sent is also recorded (as a
 * hash), so that a link works only while it belongs to the account's current password.
 */
const identifierOf = (userId: string) => `verify-email:${userId}`;
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** Records a verification link and queues its mail: Better Auth's sending, and sign-up's own. */
export async function sendVerificationLink(
  db: Db,
  siteUrl: string,
  account: { id: string; email: string },
  token: string,
  expiresInSeconds: number,
): Promise<void> {
  const url = `${siteUrl}/auth/verify-email?token=${encodeURIComponent(token)}`;
  await db.insert(verification).values({
    id: randomUUID(),
    identifier: identifierOf(account.id),
    value: hashOf(token),
    expiresAt: new Date(Date.now() + expiresInSeconds * 1000),
  });
  await enqueueMail(db, verificationMail({ to: account.email, url }));
}

export async function forgetVerificationLinks(db: Db, userId: string): Promise<void> {
  await db.delete(verification).where(eq(verification.identifier, identifierOf(userId)));
}

/** The claims of a signed token; its signature is checked when it is used. */
function readClaims(token: string): { userId: string; email: string } | null {
  const payload = token.split(".")[1];
  if (!payload || token.length > 2000) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
    if (typeof claims.userId !== "string" || typeof claims.email !== "string") return null;
    if (claims.updateTo !== undefined) return null;
    return { userId: claims.userId, email: claims.email };
  } catch {
    return null;
  }
}

/** The account of a current link of an unverified account, or of a verified one (`alreadyVerified`); else null. */
export async function readVerificationLink(db: Db, token: string) {
  const claims = readClaims(token);
  if (!claims) return null;
  const [owner] = await db
    .select({ email: user.email, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, claims.userId))
    .limit(1);
  if (!owner || owner.email !== claims.email) return null;
  if (owner.emailVerified) return { ...claims, alreadyVerified: true };
  const [current] = await db
    .select({ id: verification.id })
    .from(verification)
    .where(
      and(
        eq(verification.identifier, identifierOf(claims.userId)),
        eq(verification.value, hashOf(token)),
        gt(verification.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return current ? { ...claims, alreadyVerified: false } : null;
}

export async function findUnverifiedAccount(db: Db, email: string): Promise<string | null> {
  const [existing] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.email, email), eq(user.emailVerified, false)))
    .limit(1);
  return existing?.id ?? null;
}

/**
 * Whoever signs up last with an address they can read owns it: replaces the name and password and
 * forgets earlier links. False when the account was verified (or deleted) meanwhile.
 */
export async function replaceUnverifiedAccount(
  db: Db,
  userId: string,
  details: { name: string; passwordHash: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const updated = await tx
      .update(user)
      .set({ name: details.name, updatedAt: now })
      .where(and(eq(user.id, userId), eq(user.emailVerified, false)))
      .returning({ id: user.id });
    if (updated.length === 0) return false;
    await tx
      .update(account)
      .set({ password: details.passwordHash, updatedAt: now })
      .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
    await forgetVerificationLinks(tx, userId);
    return true;
  });
}

/** After a reset: no other reset link of the account works any more. */
export async function forgetResetLinks(db: Db, userId: string): Promise<void> {
  await db
    .delete(verification)
    .where(and(like(verification.identifier, "reset-password:%"), eq(verification.value, userId)));
}

/** The account a usable reset token belongs to, or null. */
export async function findResetTokenOwner(
  db: Db,
  token: string,
): Promise<{ id: string; email: string; name: string } | null> {
  const [owner] = await db
    .select({ id: user.id, email: user.email, name: user.name })
    .from(verification)
    .innerJoin(user, eq(user.id, verification.value))
    .where(
      and(eq(verification.identifier, `reset-password:${token}`), gt(verification.expiresAt, new Date())),
    )
    .limit(1);
  return owner ?? null;
}
