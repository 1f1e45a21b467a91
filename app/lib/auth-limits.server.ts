import type { Db } from "./db.server";
import { consumeRateLimit, type RateLimit } from "./rate-limit.server";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export type AuthAction =
  | "sign-in"
  | "sign-up"
  | "resend-verification"
  | "request-reset"
  | "reset-password"
  | "two-factor"
  | "change-password";

/**
 * Per address and per client IP. The IP limits are loose enough for an
 * office behind one NAT address; the e-mail limits stop guessing one
 * account's password and flooding one inbox.
 */
export const AUTH_RATE_LIMITS: Record<AuthAction, { ip: RateLimit; email: RateLimit | null }> = {
  "sign-in": { ip: { max: 60, windowMs: 15 * MINUTE }, email: { max: 10, windowMs: 15 * MINUTE } },
  "sign-up": { ip: { max: 30, windowMs: HOUR }, email: { max: 5, windowMs: HOUR } },
  "resend-verification": { ip: { max: 30, windowMs: HOUR }, email: { max: 5, windowMs: HOUR } },
  "request-reset": { ip: { max: 30, windowMs: HOUR }, email: { max: 5, windowMs: HOUR } },
  // The token is the secret here; the IP limit stops guessing it.
  "reset-password": { ip: { max: 30, windowMs: HOUR }, email: null },
  // A code or backup code, at sign-in or enrolment. Better Auth also allows
  // 5 tries per sign-in challenge and locks the account's second factor for
  // 15 minutes after 10 wrong codes in a row.
  // The current password is checked: the same limits as signing in.
  "change-password": { ip: { max: 60, windowMs: 15 * MINUTE }, email: { max: 10, windowMs: 15 * MINUTE } },
  "two-factor": { ip: { max: 30, windowMs: 15 * MINUTE }, email: { max: 10, windowMs: 15 * MINUTE } },
};

export interface AuthLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
  /** For the visitor, when not allowed. */
  message: string;
}

function describeWait(seconds: number): string {
  if (seconds <= 60) return "a minute";
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

/**
 * Counts one attempt of `action` against the client's IP and, when given,
 * the e-mail address. Both counters advance on every attempt, so neither
 * can be probed for free.
 */
export async function checkAuthRateLimit(
  db: Db,
  action: AuthAction,
  subject: { ip: string; email?: string },
  now = Date.now(),
): Promise<AuthLimitResult> {
  const limits = AUTH_RATE_LIMITS[action];
  const results = [await consumeRateLimit(db, `auth:${action}:ip:${subject.ip}`, limits.ip, now)];
  if (limits.email && subject.email) {
    const email = subject.email.trim().toLowerCase();
    results.push(await consumeRateLimit(db, `auth:${action}:email:${email}`, limits.email, now));
  }
  const blocked = results.filter((result) => !result.allowed);
  if (blocked.length === 0) return { allowed: true, retryAfterSeconds: 0, message: "" };
  const retryAfterSeconds = Math.max(...blocked.map((result) => result.retryAfterSeconds));
  return {
    allowed: false,
    retryAfterSeconds,
    message: `Too many attempts. Please wait ${describeWait(retryAfterSeconds)} and try again.`,
  };
}
