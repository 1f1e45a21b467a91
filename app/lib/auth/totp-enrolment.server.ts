import { symmetricDecrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import QRCode from "qrcode";
import { company } from "~/content/company";
import { twoFactor } from "~db/schema";
import type { Auth } from "~/lib/auth/auth.server";
import type { Db } from "~/lib/db/db.server";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 without padding, as authenticator apps read a secret. */
function encodeBase32(bytes: Uint8Array): string {
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
