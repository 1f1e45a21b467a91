import crypto from "node:crypto";

/**
 * Bot traps for public forms without a third party or JavaScript: a honeypot field and a signed
 * timestamp. Tripping either marks a submission as spam; it is still stored, so no false positive is lost.
 * Not remix-utils' Honeypot: it passes a form missing both fields, throws instead of giving the reason,
 * and binds its token neither to one form nor to one render. Captchas send visitors' data to a third party.
 */

/** Hidden from people (display: none); naive bots fill every field. */
export const HONEYPOT_FIELD = "company_website";
/** Hidden field holding the signed time the form was rendered. */
export const FORM_TOKEN_FIELD = "form_token";

/** People need longer than this to fill in the inquiry form; scripts do not. */
export const MIN_FILL_MS = 3_000;
/** Instances' clocks may differ a little; a token from further ahead is forged. */
const MAX_CLOCK_SKEW_MS = 60_000;

type SpamReason = "honeypot" | "missing-token" | "bad-token" | "too-fast";

function sign(secret: string, purpose: string, issuedAt: number, nonce?: string): string {
  const payload = nonce === undefined ? `${purpose}:${issuedAt}` : `${purpose}:${issuedAt}:${nonce}`;
  return crypto.createHmac("sha256", secret).update(payload).digest("base64url");
}

/** `<issued-at ms>.<nonce>.<HMAC>`, bound to one form by `purpose`; the nonce makes it good for one inquiry. */
export function issueFormToken(secret: string, purpose: string, now = Date.now()): string {
  const nonce = crypto.randomBytes(9).toString("base64url");
  return `${now}.${nonce}.${sign(secret, purpose, now, nonce)}`;
}

interface FormGuardOptions {
  secret: string;
  purpose: string;
  minFillMs?: number;
  now?: number;
}

/** The nonce is optional: pages rendered before it existed still carry tokens without one. */
const FORM_TOKEN_SHAPE = /^(\d{1,16})\.(?:([\w-]{12})\.)?([\w-]{43})$/;

/** Whether a value has a form token's shape (its signature is checked by detectSpam). */
export function looksLikeFormToken(value: unknown): value is string {
  return typeof value === "string" && FORM_TOKEN_SHAPE.test(value);
}

/** Why a submission looks automated, or null when it looks human. */
export function detectSpam(formData: FormData, options: FormGuardOptions): SpamReason | null {
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") return "honeypot";

  const token = formData.get(FORM_TOKEN_FIELD);
  if (typeof token !== "string" || token === "") return "missing-token";
  const match = FORM_TOKEN_SHAPE.exec(token);
  if (!match) return "bad-token";
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(sign(options.secret, options.purpose, issuedAt, match[2]));
  const given = Buffer.from(match[3] ?? "");
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return "bad-token";

  const now = options.now ?? Date.now();
  if (issuedAt > now + MAX_CLOCK_SKEW_MS) return "bad-token";
  if (now - issuedAt < (options.minFillMs ?? MIN_FILL_MS)) return "too-fast";
  return null;
}
