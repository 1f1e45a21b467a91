import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, like, lt } from "drizzle-orm";
import { type Cookie, createCookie } from "react-router";
import { verification } from "~db/auth-schema";
import { BACKUP_CODES_COOKIE } from "~/content/privacy";
import { resolveAuthSecret } from "~/lib/auth/auth-secret.server";
import { type AppContext, databaseContext, envContext } from "~/lib/context.server";

/**
 * Permission to show the backup codes once: a random token whose hashed row the page showing them
 * deletes, so a replayed cookie finds nothing. The codes never travel in a cookie. The cookie's name and
 * lifetime are the privacy notice's.
 */
const BACKUP_CODES_ONCE_SECONDS = BACKUP_CODES_COOKIE.lifetimeMinutes * 60;
const IDENTIFIER_PREFIX = "backup-codes-once:";

const identifierOf = (token: string) =>
  `${IDENTIFIER_PREFIX}${createHash("sha256").update(token).digest("hex")}`;

// Made per request: no module state outlives a configuration.
function backupCodesOnce(context: AppContext): Cookie {
  const env = context.get(envContext);
  return createCookie(BACKUP_CODES_COOKIE.name, {
    path: "/account",
    httpOnly: true,
    sameSite: "lax",
    secure: env.SITE_URL.startsWith("https:"),
    maxAge: BACKUP_CODES_ONCE_SECONDS,
    secrets: [resolveAuthSecret(env)],
  });
}

/** Records a one-time permission for this user; returns the Set-Cookie header carrying it. */
export async function allowBackupCodesOnce(context: AppContext, userId: string): Promise<string> {
  const { db } = context.get(databaseContext);
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  // Permissions never taken (the page was not opened) go with the next one issued.
  await db
    .delete(verification)
    .where(and(like(verification.identifier, `${IDENTIFIER_PREFIX}%`), lt(verification.expiresAt, now)));
  await db.insert(verification).values({
    id: randomUUID(),
    identifier: identifierOf(token),
    value: userId,
    expiresAt: new Date(now.getTime() + BACKUP_CODES_ONCE_SECONDS * 1000),
  });
  return backupCodesOnce(context).serialize(token);
}

/** Whether the codes may be shown to this user now, and the cookie's clearing; taking it uses it up. */
export async function takeBackupCodesPermission(
  context: AppContext,
  request: Request,
  userId: string,
): Promise<{ allowed: boolean; clear: string | null }> {
  const cookie = backupCodesOnce(context);
  const token: unknown = await cookie.parse(request.headers.get("Cookie"));
  if (typeof token !== "string" || token === "") return { allowed: false, clear: null };
  const { db } = context.get(databaseContext);
  const [row] = await db
    .delete(verification)
    .where(eq(verification.identifier, identifierOf(token)))
    .returning({ userId: verification.value, expiresAt: verification.expiresAt });
  const allowed = row !== undefined && row.userId === userId && row.expiresAt > new Date();
  return { allowed, clear: await cookie.serialize("", { maxAge: 0 }) };
}
