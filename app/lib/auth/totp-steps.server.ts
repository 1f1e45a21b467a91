import { createHmac, timingSafeEqual } from "node:crypto";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { twoFactor } from "~db/auth-schema";
import type { Auth } from "~/lib/auth/auth.server";
import type { Db } from "~/lib/db/db.server";

/** Better Auth's defaults, which the plugin is configured with: 6 digits, 30 seconds, one step either side. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
const WINDOW = 1;
/** Secrets imported from other providers are stored so; ours never contain ":". */
const BASE32_PREFIX = "base32:";

function decodeBase32(text: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/=+$/, "").toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) continue;
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** RFC 4226's code for one counter value. */
function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** DIGITS).padStart(DIGITS, "0");
}

/** The time step, within Better Auth's window, whose code this is; null when none. */
function stepOfCode(key: Buffer, code: string, now: number): number | null {
  const current = Math.floor(now / 1000 / PERIOD_SECONDS);
  let matched: number | null = null;
  for (let step = current - WINDOW; step <= current + WINDOW; step++) {
    // Every step compared, in constant time: the time taken says nothing.
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code.padEnd(DIGITS).slice(0, DIGITS)))) {
      matched = step;
    }
  }
  return matched;
}

/**
 * Before Better Auth checks an authenticator code, which it accepts again and again for its window:
 * records the code's time step unless it or a later one was accepted ("used"). One conditional update,
 * so of two requests racing with one code only one claims it. "unmatched": Better Auth refuses it.
 */
export async function claimTotpStep(
  auth: Auth,
  db: Db,
  userId: string,
  code: string,
): Promise<"claimed" | "used" | "unmatched"> {
  const [row] = await db
    .select({ secret: twoFactor.secret })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId))
    .limit(1);
  if (!row) return "unmatched";
  const { secretConfig } = await auth.$context;
  const secret = await symmetricDecrypt({ key: secretConfig, data: row.secret });
  // Better Auth uses the secret string's UTF-8 bytes as the HMAC key.
  const key = secret.startsWith(BASE32_PREFIX)
    ? decodeBase32(secret.slice(BASE32_PREFIX.length))
    : Buffer.from(secret, "utf8");
  const step = stepOfCode(key, code, Date.now());
  if (step === null) return "unmatched";
  const claimed = await db
    .update(twoFactor)
    .set({ lastTotpStep: step })
    .where(
      and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastTotpStep), lt(twoFactor.lastTotpStep, step))),
    )
    .returning({ id: twoFactor.id });
  return claimed.length > 0 ? "claimed" : "used";
}
