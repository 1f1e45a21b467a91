import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { z } from "zod";
import { passkey, session as sessionTable, verification } from "~db/schema";
import { isSecureSite, readCookie } from "~/lib/auth/auth.server";
import type { Db } from "~/lib/db/db.server";
import type { Env } from "~/lib/env.server";

/** The passkeys as the account page lists them; never their key material. */
export async function listPasskeys(db: Db, userId: string) {
  const rows = await db
    .select({ id: passkey.id, name: passkey.name, createdAt: passkey.createdAt })
    .from(passkey)
    .where(eq(passkey.userId, userId))
    .orderBy(asc(passkey.createdAt));
  return rows.map((row) => ({
    id: row.id,
    name: row.name || "Passkey",
    createdAt: row.createdAt?.toISOString() ?? null,
  }));
}

/** Scoped to the owner: another account's passkey id removes nothing. */
export async function removePasskey(db: Db, userId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(passkey)
    .where(and(eq(passkey.id, id), eq(passkey.userId, userId)))
    .returning({ id: passkey.id });
  return removed.length > 0;
}

/** The browser's answer to a ceremony, posted as JSON text; the plugin checks its content and signature. */
const WebAuthnResponseSchema = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal("public-key"),
  response: z.looseObject({ clientDataJSON: z.string().max(4096) }),
});

export function readWebAuthnResponse(text: string) {
  if (text.length === 0 || text.length > 16_000) return null;
  try {
    const parsed = WebAuthnResponseSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessionTable).where(eq(sessionTable.id, sessionId));
}

export async function endSessionByToken(db: Db, token: string): Promise<void> {
  await db.delete(sessionTable).where(eq(sessionTable.token, token));
}

/** Better Auth's short-lived cookie of a sign-in waiting for its second step. */
export function twoFactorChallengeCookieName(env: Env): string {
  return `${isSecureSite(env) ? "__Secure-" : ""}better-auth.two_factor`;
}

/** The identifier in Better Auth's signed two-factor challenge cookie (`identifier.signature`). */
function challengeIdentifier(env: Env, request: Request): string | null {
  const raw = readCookie(request, twoFactorChallengeCookieName(env));
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  return dot > 0 ? value.slice(0, dot) : null;
}

/** Whose password the pending challenge proved; its identifier is random, so a forged one finds nothing. */
export async function readPendingChallengeUserId(db: Db, env: Env, request: Request): Promise<string | null> {
  const identifier = challengeIdentifier(env, request);
  if (!identifier) return null;
  const [row] = await db
    .select({ value: verification.value })
    .from(verification)
    .where(and(eq(verification.identifier, identifier), gt(verification.expiresAt, new Date())))
    .limit(1);
  return row?.value ?? null;
}

/**
 * Better Auth asks an admin whose only second factor is a passkey for no code, so the password starts
 * no session; this cookie (a random key to a 10-minute row) says whose password was right.
 */
const PASSKEY_STEP_SECONDS = 10 * 60;
const PASSKEY_STEP_PREFIX = "passkey-step-";

function passkeyStepCookieName(env: Env): string {
  return `${isSecureSite(env) ? "__Secure-" : ""}passkey_step`;
}

function cookieAttributes(env: Env, maxAge: number): string {
  return `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${isSecureSite(env) ? "; Secure" : ""}`;
}

/** Returns the Set-Cookie value that starts the step. */
export async function startPasskeyStep(db: Db, env: Env, userId: string): Promise<string> {
  const key = randomBytes(24).toString("base64url");
  await db.insert(verification).values({
    id: randomUUID(),
    identifier: `${PASSKEY_STEP_PREFIX}${key}`,
    value: userId,
    expiresAt: new Date(Date.now() + PASSKEY_STEP_SECONDS * 1000),
  });
  return `${passkeyStepCookieName(env)}=${key}; ${cookieAttributes(env, PASSKEY_STEP_SECONDS)}`;
}

export async function readPasskeyStepUserId(db: Db, env: Env, request: Request): Promise<string | null> {
  const key = readCookie(request, passkeyStepCookieName(env));
  if (!key || !/^[\w-]{32}$/.test(key)) return null;
  const [row] = await db
    .select({ value: verification.value })
    .from(verification)
    .where(
      and(
        eq(verification.identifier, `${PASSKEY_STEP_PREFIX}${key}`),
        gt(verification.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row?.value ?? null;
}

/** After a passkey completed the sign-in, neither the code challenge nor the passkey step works again. */
export async function endPendingChallenge(
  db: Db,
  env: Env,
  request: Request,
  headers: Headers,
): Promise<void> {
  const identifiers: string[] = [];
  const challenge = challengeIdentifier(env, request);
  if (challenge) {
    identifiers.push(challenge, `2fa-attempts-${challenge}`);
    headers.append("Set-Cookie", `${twoFactorChallengeCookieName(env)}=; ${cookieAttributes(env, 0)}`);
  }
  const step = readCookie(request, passkeyStepCookieName(env));
  if (step) {
    identifiers.push(`${PASSKEY_STEP_PREFIX}${step}`);
    headers.append("Set-Cookie", `${passkeyStepCookieName(env)}=; ${cookieAttributes(env, 0)}`);
  }
  if (identifiers.length > 0) {
    await db.delete(verification).where(inArray(verification.identifier, identifiers));
  }
}
