import { type AppContext, clientIpContext, databaseContext } from "~/lib/context.server";
import type { Db } from "~/lib/db/db.server";
import { retryAfter } from "~/lib/http/response-headers.server";
import { clientIpGroup } from "~/lib/http/client-ip-group.server";
import { consumeRateLimit, type RateLimit } from "~/lib/http/rate-limit.server";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Slows attempts after `after` in a window: baseDelayMs, doubling each time, up to maxDelayMs. */
interface Slowdown {
  windowMs: number;
  after: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

interface AuthLimits {
  ip: RateLimit;
  email: RateLimit | null;
  emailAndIp?: RateLimit;
  emailSlowdown?: Slowdown;
}

/**
 * IP limits loose enough for an office behind one NAT; e-mail limits stop flooding one inbox. Sign-in's
 * hard limit is per address and IP (else ten wrong passwords would lock the owner out everywhere); the
 * address as a whole only gets slower to guess.
 */
const MAIL_SENDING: AuthLimits = { ip: { max: 30, windowMs: HOUR }, email: { max: 5, windowMs: HOUR } };

export const AUTH_RATE_LIMITS = {
  "sign-in": {
    ip: { max: 60, windowMs: 15 * MINUTE },
    email: null,
    emailAndIp: { max: 10, windowMs: 15 * MINUTE },
    emailSlowdown: { windowMs: 15 * MINUTE, after: 10, baseDelayMs: 250, maxDelayMs: 8_000 },
  },
  "sign-up": MAIL_SENDING,
  "resend-verification": MAIL_SENDING,
  "request-reset": MAIL_SENDING,
  // The token is the secret here; the IP limit stops guessing it.
  "reset-password": { ip: { max: 30, windowMs: HOUR }, email: null },
  // The current password is checked: the same limits as signing in.
  "change-password": { ip: { max: 60, windowMs: 15 * MINUTE }, email: { max: 10, windowMs: 15 * MINUTE } },
  // A code or backup code. Better Auth also locks the second factor after 10 wrong codes in a row.
  "two-factor": { ip: { max: 30, windowMs: 15 * MINUTE }, email: { max: 10, windowMs: 15 * MINUTE } },
  // Each ceremony step: a signed answer cannot be guessed, so this bounds the challenges stored.
  passkey: { ip: { max: 60, windowMs: 15 * MINUTE }, email: { max: 20, windowMs: 15 * MINUTE } },
} satisfies Record<string, AuthLimits>;

/** The delay of the `count`-th attempt in a slowdown's window. */
export function slowdownDelayMs(slowdown: Slowdown, count: number): number {
  const excess = count - slowdown.after;
  if (excess <= 0) return 0;
  return Math.min(slowdown.baseDelayMs * 2 ** Math.min(excess - 1, 30), slowdown.maxDelayMs);
}

/**
 * Counts one attempt of `action` against the client's IP group and, when given, the address (alone and
 * with the IP). Every counter advances on every attempt, so none can be probed for free. `delayMs`: how
 * long to hold an allowed attempt (the account-wide slowdown).
 */
export async function checkAuthRateLimit(
  db: Db,
  action: keyof typeof AUTH_RATE_LIMITS,
  subject: { ip: string; email?: string },
  now = Date.now(),
) {
  const limits: AuthLimits = AUTH_RATE_LIMITS[action];
  const ip = clientIpGroup(subject.ip);
  const results = [await consumeRateLimit(db, `auth:${action}:ip:${ip}`, limits.ip, now)];
  let delayMs = 0;
  if (subject.email) {
    const email = subject.email.trim().toLowerCase();
    if (limits.email) {
      results.push(await consumeRateLimit(db, `auth:${action}:email:${email}`, limits.email, now));
    }
    if (limits.emailAndIp) {
      const key = `auth:${action}:email-ip:${email}:${ip}`;
      results.push(await consumeRateLimit(db, key, limits.emailAndIp, now));
    }
    if (limits.emailSlowdown) {
      const { windowMs } = limits.emailSlowdown;
      const counted = await consumeRateLimit(
        db,
        `auth:${action}:email-slow:${email}`,
        { max: Number.MAX_SAFE_INTEGER, windowMs },
        now,
      );
      delayMs = slowdownDelayMs(limits.emailSlowdown, counted.count);
    }
  }
  const blocked = results.filter((result) => !result.allowed);
  if (blocked.length === 0) return { allowed: true, retryAfterSeconds: 0, message: "", delayMs };
  const retryAfterSeconds = Math.max(...blocked.map((result) => result.retryAfterSeconds));
  const wait = retryAfterSeconds <= 60 ? "a minute" : `${Math.ceil(retryAfterSeconds / 60)} minutes`;
  return {
    allowed: false,
    retryAfterSeconds,
    message: `Too many attempts. Please wait ${wait} and try again.`,
    delayMs: 0,
  };
}

/**
 * The limit of `action` for this request's client (and `email`): null when
 * allowed, else the visitor's message and the 429's Retry-After.
 */
export async function authLimitRefusal(
  context: AppContext,
  action: keyof typeof AUTH_RATE_LIMITS,
  email?: string,
) {
  const limit = await checkAuthRateLimit(context.get(databaseContext).db, action, {
    ip: context.get(clientIpContext),
    email,
  });
  if (limit.allowed) return null;
  return { message: limit.message, init: { headers: retryAfter(context, limit.retryAfterSeconds) } };
}
