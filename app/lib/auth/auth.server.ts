import { betterAuth } from "better-auth";
import { authLinks, HOUR_SECONDS } from "~/content/auth-links";
import { company } from "~/content/company";
import { retention } from "~/content/retention";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/forms/auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { isAPIError } from "better-auth/api";
import { twoFactor } from "better-auth/plugins/two-factor";
import { passkey } from "@better-auth/passkey";
import * as authSchema from "~db/auth-schema";
import { recordSignIn } from "~/lib/auth/account-activity.server";
import { existingAccountMail, resetPasswordMail } from "~/lib/mail/auth-mails.server";
import { resolveAuthSecret } from "~/lib/auth/auth-secret.server";
import type { Db } from "~/lib/db/db.server";
import type { Env } from "~/lib/env.server";
import { logger } from "~/lib/ops/logger.server";
import { enqueueMail } from "~/lib/mail/mail.server";
import { forgetResetLinks, sendVerificationLink } from "~/lib/auth/email-verification.server";
import { secondFactorOfNewSession } from "~/lib/auth/second-factor.server";

const DAY_SECONDS = 24 * HOUR_SECONDS;
/** The lifetimes of the links in account mails, which the mails state (content/auth-links). */
export const VERIFY_EMAIL_EXPIRES_IN_SECONDS = authLinks.verifyEmailHours * HOUR_SECONDS;
/** Idle timeout: a session unused for this long ends (the privacy notice states it). */
export const SESSION_EXPIRES_IN_SECONDS = retention.sessionIdleDays * DAY_SECONDS;
/** However active, a session ends this long after sign-in (see getSession). */
export const SESSION_ABSOLUTE_MAX_MS = retention.sessionMaxDays * DAY_SECONDS * 1000;

/** Carries context.clientIp into Better Auth (never the client's own header). */
const CLIENT_IP_HEADER = "x-client-ip";

export function isSecureSite(env: Env): boolean {
  return env.SITE_URL.startsWith("https:");
}

export function sessionCookieName(env: Env): string {
  return `${isSecureSite(env) ? "__Secure-" : ""}better-auth.session_token`;
}

export function readCookie(request: Request, name: string): string | null {
  const prefix = `${name}=`;
  const part = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((piece) => piece.trim())
    .find((piece) => piece.startsWith(prefix));
  return part ? part.slice(prefix.length) : null;
}

/** The token of the session a Better Auth answer started (its cookie is `token.signature`), or null. */
export function sessionTokenSetBy(env: Env, headers: Headers): string | null {
  const prefix = `${sessionCookieName(env)}=`;
  const cookie = headers.getSetCookie().find((value) => value.startsWith(prefix));
  const value = decodeURIComponent(cookie?.slice(prefix.length).split(";")[0] ?? "");
  return value.split(".")[0] || null;
}

/**
 * The Better Auth instance, built once at startup. Its HTTP handler is not mounted: mail links point
 * at the site's own routes, and every auth request goes through an action and its rate limits.
 */
export function createAuth(db: Db, env: Env) {
  const siteUrl = env.SITE_URL;
  const site = new URL(siteUrl);
  return betterAuth({
    appName: company.brandName,
    baseURL: siteUrl,
    trustedOrigins: [siteUrl],
    secret: resolveAuthSecret(env),
    database: drizzleAdapter(db, { provider: "pg", schema: authSchema }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      // Also makes sign-up with a taken address answer like a new one.
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: authLinks.resetPasswordHours * HOUR_SECONDS,
      async sendResetPassword({ user, token }) {
        const url = `${siteUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
        await enqueueMail(db, resetPasswordMail({ to: user.email, url }));
      },
      async onPasswordReset({ user }) {
        await forgetResetLinks(db, user.id);
      },
      async onExistingUserSignUp({ user }) {
        await enqueueMail(db, existingAccountMail({ to: user.email, siteUrl }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // A link confirms the address only with the password (the sign-in form it opens).
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_EMAIL_EXPIRES_IN_SECONDS,
      async sendVerificationEmail({ user, token }) {
        await sendVerificationLink(db, siteUrl, user, token, VERIFY_EMAIL_EXPIRES_IN_SECONDS);
      },
    },
    session: {
      additionalFields: { secondFactor: { type: "string", required: false, input: false } },
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      // Using a session at most daily slides its expiry.
      updateAge: DAY_SECONDS,
      // No cookie cache: a revoked session ends at once.
      cookieCache: { enabled: false },
    },
    plugins: [
      twoFactor({
        issuer: company.brandName,
        backupCodeOptions: { amount: 10, length: 10 },
      }),
      // WebAuthn binds a passkey to the host name and accepts answers only from the site's origin.
      passkey({ rpID: site.hostname, rpName: company.brandName, origin: site.origin }),
    ],
    databaseHooks: {
      session: {
        create: {
          // Records on the session row which second factor (if any) it proved.
          async before(session, context) {
            return { data: { ...session, secondFactor: secondFactorOfNewSession(session, context) } };
          },
          // The retention job deletes accounts unused for a period: a sign-in is use.
          async after(session) {
            await recordSignIn(db, session.userId);
          },
        },
      },
    },
    advanced: {
      useSecureCookies: isSecureSite(env),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // Its limiter guards only the unmounted HTTP handler; the actions apply auth-limits.server.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: {
      // Better Auth logs e-mail addresses at info level.
      level: "warn",
      log(level, message) {
        logger[level === "debug" ? "debug" : level]({ component: "better-auth" }, message);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Headers for a server-side Better Auth call: the browser's cookies and user agent, and its address. */
export function authHeaders(request: Request, clientIp?: string): Headers {
  const headers = new Headers();
  for (const name of ["cookie", "user-agent"]) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  if (clientIp) headers.set(CLIENT_IP_HEADER, clientIp);
  return headers;
}

/** Better Auth's refusal (bad credentials, invalid token...), or null for anything else (a bug, an outage). */
export function readAuthFailure(error: unknown) {
  if (!isAPIError(error)) return null;
  const body = (error.body ?? {}) as { code?: unknown; message?: unknown };
  return {
    code: typeof body.code === "string" ? body.code : "UNKNOWN",
    message: typeof body.message === "string" && body.message !== "" ? body.message : error.message,
  };
}

/** Ends the request's session; the headers expire its cookie (none without a valid session). */
export async function endSession(auth: Auth, request: Request): Promise<Headers | undefined> {
  try {
    const { headers } = await auth.api.signOut({ headers: authHeaders(request), returnHeaders: true });
    return headers;
  } catch (error) {
    if (!readAuthFailure(error)) throw error;
    return undefined;
  }
}
