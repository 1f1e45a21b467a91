import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { session as sessionTable, user } from "../../../db/auth-schema";
import { userRoles } from "../../../db/schema";
import type { Env } from "../env.server";
import { resolveAuthSecret } from "./auth-secret.server";
import { ADMIN_ROLE } from "./roles.server";
import { readSessionRow, type SessionReadSource } from "./session-cache.server";
import { isSecondFactor } from "./second-factor.server";
import type { SignedInSession } from "./viewer.server";

/** What Better Auth's session machinery would say, plus the admin role, in one query. */
export interface LookedUpSession {
  session: SignedInSession;
  /** The admin role as the database holds it now; null for anyone else. */
  role: { longPassword: boolean } | null;
}

export interface SessionLookupOptions {
  cookieName: string;
  /** Better Auth's `session.expiresIn` and `updateAge`, in seconds. */
  expiresInSeconds: number;
  updateAgeSeconds: number;
  /** However active, a session ends this long after sign-in. */
  absoluteMaxMs: number;
}

const secrets = new WeakMap<Env, Buffer>();

function secretOf(env: Env): Buffer {
  let secret = secrets.get(env);
  if (!secret) {
    secret = Buffer.from(resolveAuthSecret(env));
    secrets.set(env, secret);
  }
  return secret;
}

/** A cookie's value as Better Auth's cookie parser reads it: the first of that name, decoded. */
function cookieValue(header: string, name: string): string | undefined {
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at === -1 || part.slice(0, at).trim() !== name) continue;
    let value = part.slice(at + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/** The token of a signed cookie (`token.signature`, HMAC-SHA256 in base64), if its signature holds. */
export function verifySignedToken(value: string, secret: Buffer): string | null {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const expected = crypto.createHmac("sha256", secret).update(token).digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? token : null;
}

/**
 * Every signed-in page reads its session first, and Better Auth's
 * `getSession` costs several milliseconds of the server's CPU a request
 * (its endpoint machinery, WebCrypto, two queries), more than the inbox's
 * own page on the embedded database. This reads the common case in one
 * query, with the admin role beside it: a cookie whose signature holds, a
 * session row that exists, has not expired, is not due for its sliding
 * refresh nor past its absolute lifetime, and no other Better Auth cookie
 * that would change the answer. Every other case returns undefined, and the
 * caller asks Better Auth, which refreshes, clears cookies and deletes
 * expired rows as before. A revoked session ends at once, as with Better
 * Auth: the row is read on every request, or on the embedded database kept
 * only until it or its user changes (session-cache.server.ts).
 */
export async function lookUpSession(
  database: SessionReadSource,
  env: Env,
  cookieHeader: string,
  options: SessionLookupOptions,
  now = Date.now(),
): Promise<LookedUpSession | undefined> {
  const raw = cookieValue(cookieHeader, options.cookieName);
  if (!raw) return undefined;
  // Better Auth answers these itself (clearing a stale cache cookie, not sliding the expiry).
  const prefix = options.cookieName.slice(0, -"session_token".length);
  if (cookieValue(cookieHeader, `${prefix}session_data`) !== undefined) return undefined;
  if (cookieValue(cookieHeader, `${prefix}dont_remember`) !== undefined) return undefined;
  const token = verifySignedToken(raw, secretOf(env));
  if (!token) return undefined;
  const row = await readSessionRow(database, token, async () => {
    const [found] = await database.db
      .select({
        id: sessionTable.id,
        expiresAt: sessionTable.expiresAt,
        createdAt: sessionTable.createdAt,
        secondFactor: sessionTable.secondFactor,
        userId: user.id,
        name: user.name,
        email: user.email,
        longPassword: userRoles.long_password,
      })
      .from(sessionTable)
      .innerJoin(user, eq(user.id, sessionTable.userId))
      .leftJoin(userRoles, and(eq(userRoles.user_id, user.id), eq(userRoles.role, ADMIN_ROLE)))
      .where(eq(sessionTable.token, token))
      .limit(1);
    return found;
  });
  if (!row) return undefined;
  const expiresAt = row.expiresAt.getTime();
  if (expiresAt <= now) return undefined;
  if (expiresAt - options.expiresInSeconds * 1000 + options.updateAgeSeconds * 1000 <= now) return undefined;
  if (now - row.createdAt.getTime() > options.absoluteMaxMs) return undefined;
  return {
    session: {
      user: { id: row.userId, name: row.name, email: row.email },
      sessionId: row.id,
      secondFactor: isSecondFactor(row.secondFactor) ? row.secondFactor : null,
    },
    role: row.longPassword === null ? null : { longPassword: row.longPassword },
  };
}
