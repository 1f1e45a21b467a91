import crypto from "node:crypto";

/** Meta's signature header: `sha256=` and the hex HMAC-SHA256 of the raw body under the app secret. */
export const WHATSAPP_SIGNATURE_HEADER = "x-hub-signature-256";

export function signWhatsAppBody(body: Buffer | string, appSecret: string): string {
  return `sha256=${crypto.createHmac("sha256", appSecret).update(body).digest("hex")}`;
}

/**
 * Whether `header` is the signature of exactly these bytes. Checked on the
 * bytes as received, never on re-serialised JSON: Meta escapes non-ASCII
 * text as \u sequences, which a parse and stringify would not reproduce.
 */
export function verifyWhatsAppSignature(body: Buffer, header: unknown, appSecret: string): boolean {
  if (typeof header !== "string" || !/^sha256=[0-9a-f]{64}$/i.test(header)) return false;
  const given = Buffer.from(header.slice("sha256=".length).toLowerCase(), "hex");
  const expected = crypto.createHmac("sha256", appSecret).update(body).digest();
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
