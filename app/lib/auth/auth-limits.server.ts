import { type AppContext, clientIpContext, databaseContext } from "~/lib/context.server";
import type { Db } from "~/lib/db/db.server";
import { retryAfter } from "~/lib/http/response-headers.server";
import { clientIpGroup } from "~/lib/http/client-ip-group.server";
import { consumeRateLimit, type RateLimit } from "~/lib/http/rate-limit.server";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** An account-wide limit that slows attempts down instead of refusing them. */
interface Slowdown {
  windowMs: number;
  /** Attempts in a window before any delay. */
  after: number;
  /** The first delay; each further attempt doubles it, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
}

interface AuthLimits {
  ip: RateLimit;
  /** A hard limit per address, whatever the IP. */
  email: RateLimit | null;
  /** A hard limit per address and IP together. */
  emailAndIp?: RateLimit;
  /** Per address, whatever the IP: slows down, never blocks. */
  emailSlowdown?: Slowdown;
}

/**
 * Per address and per client IP. The IP limits are loose enough for an
 * office behind one NAT address; the e-mail limits stop flooding one inbox.
 * Sign-in is different: a hard per-address limit would let anyone lock the
 * owner out from everywhere with ten wrong passwords, so the hard limit is
 * per address and IP, and the address as a whole only gets slower to guess.
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
  // A code or backup code, at sign-in or enrolment. Better Auth also allows
  // 5 tries per sign-in challenge and locks the account's second factor for
  // 15 minutes after 10 wrong codes in a row.
  // The current password is checked: the same limits as signing in.
  "change-password": { ip: { max: 60, windowMs: 15 * MINUTE }, email: { max: 10, windowMs: 15 * MINUTE } },
  "two-factor": { ip: { max: 30, windowMs: 15 * MINUTE }, email: { max: 10, windowMs: 15 * MINUTE } },
  // Each step of a passkey ceremony (a challenge, an answer). A signed answer
  // cannot be guessed: this bounds the challenges stored, not guessing.
  passkey: { ip: { max: 60, windowMs: 15 * MINUTE }, email: { max: 20, windowMs: 15 * MINUTE } },
} satisfies Record<string, AuthLimits>;

/** The delay of the `count`-th attempt in a slowdown's window. */
export function slowdownDelayMs(slowdown: Slowdown, count: number): number {
  const excess = count - slowdown.after;
  if (excess <= 0) return 0;
  return Math.min(slowdown.baseDelayMs * 2 ** Math.min(excess - 1, 30), slowdown.maxDelayMs);
}

/**
 * Counts one attempt of `action` against the client's IP (an IPv6 address
 * by its /64) and, when given, the e-mail address (alone and with the IP).
 * Every counter advances on every attempt, so none can be probed for free.
 * `message` is for the visitor when not allowed; `delayMs` is how long to
 * hold an allowed attempt before answering (the account-wide slowdown).
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
