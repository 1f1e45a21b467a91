import { createHmac } from "node:crypto";

/**
 * RFC 6238 codes, as an authenticator app computes them, for tests that
 * read the secret off the enrolment page (base32, spaces allowed) or an
 * otpauth:// URI.
 */
function decodeBase32(text: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/[\s=]/g, "").toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

export function totpCode(base32Secret: string, now = Date.now(), period = 30, digits = 6): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 1000 / period)));
  const mac = createHmac("sha1", decodeBase32(base32Secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 15;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

export function secretOfUri(uri: string): string {
  const secret = new URL(uri).searchParams.get("secret");
  if (!secret) throw new Error(`no secret in ${uri}`);
  return secret;
}

/** The last time step this process answered with, per secret. */
const lastStepOf = new Map<string, number>();

/**
 * A code the server has not accepted yet, from this process: the server
 * takes each time step once (and no earlier one), so a second sign-in in
 * the same 30 seconds answers with the next step's code, which its window
 * accepts; a third waits for the next step to begin.
 */
export async function unusedTotpCode(base32Secret: string, period = 30): Promise<string> {
  const key = base32Secret.replace(/\s/g, "").toUpperCase();
  const current = Math.floor(Date.now() / 1000 / period);
  const step = Math.max(current, (lastStepOf.get(key) ?? -1) + 1);
  const startsIn = (step - 1) * period * 1000 - Date.now();
  // A wait for the clock, not for an outcome: the step must be in the window.
  if (startsIn > 0) await new Promise((resolve) => setTimeout(resolve, startsIn + 50));
  lastStepOf.set(key, step);
  return totpCode(key, step * period * 1000, period);
}
