import { symmetricDecrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import QRCode from "qrcode";
import { type Cookie, createCookie } from "react-router";
import { company } from "~/content/company";
import { twoFactor } from "../../../db/schema";
import type { Auth } from "./auth.server";
import { resolveAuthSecret } from "./auth-secret.server";
import type { Db } from "../db/db.server";
import { type AppContext, envContext } from "../context.server";
import type { Env } from "../env.server";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 without padding, as authenticator apps read a secret. */
export function encodeBase32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export interface TotpSetup {
  /** The secret as the visitor types it into an app, in groups of four. */
  secret: string;
  uri: string;
  /** The QR code of `uri`, as SVG markup made on the server. */
  qrSvg: string;
}

/**
 * The authenticator setup of a pending (not yet confirmed) enrolment, read
 * back from Better Auth's encrypted row, so the page can be shown again
 * (a reload, a wrong code) without issuing a new secret.
 */
export async function readPendingTotpSetup(
  auth: Auth,
  db: Db,
  account: { id: string; email: string },
): Promise<TotpSetup | null> {
  const [row] = await db
    .select({ secret: twoFactor.secret, verified: twoFactor.verified })
    .from(twoFactor)
    .where(eq(twoFactor.userId, account.id))
    .limit(1);
  if (!row || row.verified) return null;
  const { secretConfig } = await auth.$context;
  const raw = await symmetricDecrypt({ key: secretConfig, data: row.secret });
  // Better Auth uses the secret string's UTF-8 bytes as the HMAC key.
  const secret = encodeBase32(new TextEncoder().encode(raw));
  const issuer = company.brandName;
  const params = new URLSearchParams({ secret, issuer, digits: "6", period: "30" });
  const uri = `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(account.email)}?${params.toString()}`;
  const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { secret: secret.replace(/(.{4})/g, "$1 ").trim(), uri, qrSvg };
}

/**
 * Permission to show the backup codes once: set when they are issued (at
 * enrolment or on regenerating), read and cleared by the page that shows
 * them. The codes themselves never travel in a cookie.
 */
const backupCodesCookies = new WeakMap<Env, Cookie>();

// One per configuration: the secret and the site's scheme come from it.
function backupCodesOnce(context: AppContext): Cookie {
  const env = context.get(envContext);
  let cookie = backupCodesCookies.get(env);
  if (!cookie) {
    cookie = createCookie("backup_codes_once", {
      path: "/account",
      httpOnly: true,
      sameSite: "lax",
      secure: env.SITE_URL.startsWith("https:"),
      maxAge: 300,
      secrets: [resolveAuthSecret(env)],
    });
    backupCodesCookies.set(env, cookie);
  }
  return cookie;
}

export async function allowBackupCodesOnce(context: AppContext, userId: string): Promise<string> {
  return backupCodesOnce(context).serialize({ userId });
}

/** True (and a header that clears the permission) when the codes may be shown to this user now. */
export async function takeBackupCodesPermission(
  context: AppContext,
  request: Request,
  userId: string,
): Promise<{ allowed: boolean; clear: string | null }> {
  const cookie = backupCodesOnce(context);
  const value: unknown = await cookie.parse(request.headers.get("Cookie"));
  if (!value) return { allowed: false, clear: null };
  const clear = await cookie.serialize("", { maxAge: 0 });
  const allowed = typeof value === "object" && (value as { userId?: unknown }).userId === userId;
  return { allowed, clear };
}
