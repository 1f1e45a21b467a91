import { data, redirectDocument } from "react-router";
import type { Toast } from "~/lib/http/toast";
import { safeRedirectPath } from "~/forms/auth";
import { type FieldErrors, parseForm, readFields } from "~/forms/parse-form";
import { BackupCodeSchema, TotpCodeSchema, twoFactorMessages } from "~/forms/two-factor";
import { checkAuthRateLimit } from "~/lib/auth/auth-limits.server";
import { authHeaders, readAuthFailure } from "~/lib/auth/auth.server";
import {
  hasPasskeyStep,
  readPasskeyStepUserId,
  readPendingChallengeUserId,
  twoFactorChallengeCookieName,
} from "~/lib/auth/passkeys.server";
import { readSecondFactors } from "~/lib/auth/second-factor.server";
import { claimTotpStep } from "~/lib/auth/totp-steps.server";
import {
  type AppContext,
  authContext,
  clientIpContext,
  databaseContext,
  envContext,
} from "~/lib/context.server";
import { logger } from "~/lib/ops/logger.server";
import { createToastHeaders, redirectWithToast } from "~/lib/http/toast.server";
import { readRequestSession } from "~/lib/http/request-session.server";
import { retryAfter } from "~/lib/http/response-headers.server";

/**
 * The second step of signing in: after a right password, an account with
 * two-factor holds only Better Auth's short-lived (10 minutes) challenge
 * cookie, and signs in with an authenticator code or a backup code here.
 */
type TwoFactorIntent = "totp" | "backup-code";

export interface TwoFactorStepData {
  intent: TwoFactorIntent;
  /** Every refusal of this step is about the code. */
  fieldErrors: FieldErrors<"code">;
  toast: Toast;
}

export function twoFactorStepUrl(redirectTo: string): string {
  const query = redirectTo && redirectTo !== "/" ? `?${new URLSearchParams({ redirectTo }).toString()}` : "";
  return `/auth/two-factor${query}`;
}

function hasTwoFactorChallenge(context: AppContext, request: Request): boolean {
  const name = twoFactorChallengeCookieName(context.get(envContext));
  return (request.headers.get("Cookie") ?? "").split(";").some((part) => part.trim().startsWith(`${name}=`));
}

/**
 * The second step waiting for this browser: a password proved by Better
 * Auth's challenge (an account with an authenticator) or by the passkey step
 * (an admin whose only factor is a passkey), or a session signed in with the
 * password alone of an account with a passkey, which the passkey replaces
 * (to confirm before changing second factors). Null: nothing to do here.
 */
interface SignInStep {
  /** Whose password was right (null: the challenge has expired). */
  pendingUserId: string | null;
  /** The password-only session a passkey's session replaces. */
  passwordSessionId: string | null;
  totp: boolean;
  passkey: boolean;
}

export async function readSignInStep(context: AppContext, request: Request): Promise<SignInStep | null> {
  const { db } = context.get(databaseContext);
  const env = context.get(envContext);
  if (hasTwoFactorChallenge(context, request)) {
    const pendingUserId = await readPendingChallengeUserId(db, env, request);
    const passkey = pendingUserId ? (await readSecondFactors(db, pendingUserId)).passkeys > 0 : false;
    return { pendingUserId, passwordSessionId: null, totp: true, passkey };
  }
  if (hasPasskeyStep(env, request)) {
    const pendingUserId = await readPasskeyStepUserId(db, env, request);
    if (pendingUserId) return { pendingUserId, passwordSessionId: null, totp: false, passkey: true };
  }
  const { session } = readRequestSession(context);
  if (!session || session.secondFactor) return null;
  if ((await readSecondFactors(db, session.user.id)).passkeys === 0) return null;
  return { pendingUserId: session.user.id, passwordSessionId: session.sessionId, totp: false, passkey: true };
}

function refuse(intent: TwoFactorIntent, description: string, status: number, init?: ResponseInit) {
  const toast: Toast = { title: "Sign in failed", description, variant: "destructive" };
  return data<TwoFactorStepData>({ intent, fieldErrors: { code: description }, toast }, { ...init, status });
}

/** The challenge expired or was used up: back to the password step. */
function restart(context: AppContext, redirectTo: string, description: string) {
  const target = redirectTo === "/" ? "/auth" : `/auth?${new URLSearchParams({ redirectTo }).toString()}`;
  return redirectWithToast(context, target, {
    title: "Please sign in again",
    description,
    variant: "destructive",
  });
}

export async function verifySignInSecondFactor(
  context: AppContext,
  request: Request,
  intent: TwoFactorIntent,
  formData: FormData,
) {
  const redirectTo = safeRedirectPath(readFields(formData, ["redirectTo"]).redirectTo);
  const parsed = parseForm(intent === "totp" ? TotpCodeSchema : BackupCodeSchema, formData);
  if (!parsed.ok) return refuse(intent, parsed.first, 400);

  const clientIp = context.get(clientIpContext);
  const limit = await checkAuthRateLimit(context.get(databaseContext).db, "two-factor", { ip: clientIp });
  if (!limit.allowed) {
    return refuse(intent, limit.message, 429, {
      headers: retryAfter(context, limit.retryAfterSeconds),
    });
  }

  const auth = context.get(authContext);
  if (intent === "totp") {
    const { db } = context.get(databaseContext);
    const pendingUserId = await readPendingChallengeUserId(db, context.get(envContext), request);
    // Without a pending challenge Better Auth refuses the step below anyway.
    if (pendingUserId && (await claimTotpStep(auth, db, pendingUserId, parsed.data.code)) === "used") {
      logger.warn({ userId: pendingUserId }, "an authenticator code was offered again");
      return refuse(intent, twoFactorMessages.codeUsed, 401);
    }
  }
  const headers = authHeaders(request, clientIp);
  try {
    const result =
      intent === "totp"
        ? await auth.api.verifyTOTP({ body: { code: parsed.data.code }, headers, returnHeaders: true })
        : await auth.api.verifyBackupCode({ body: { code: parsed.data.code }, headers, returnHeaders: true });
    const userId = result.response.user.id;
    let description: string | undefined;
    if (intent === "backup-code") {
      // Recorded twice: the new session row says "backup-code", and the log.
      const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId } });
      logger.warn({ userId, backupCodesLeft: backupCodes.length }, "signed in with a backup code");
      description = `You used a backup code; ${backupCodes.length} left. You can make new ones on your account page.`;
    }
    for (const cookie of (
      await createToastHeaders(context, { title: "Signed in successfully!", description })
    ).getSetCookie()) {
      result.headers.append("Set-Cookie", cookie);
    }
    return redirectDocument(redirectTo, { headers: result.headers });
  } catch (error) {
    const failure = readAuthFailure(error);
    if (!failure) throw error;
    switch (failure.code) {
      case "INVALID_CODE":
        return refuse(intent, twoFactorMessages.wrongCode, 401);
      case "INVALID_BACKUP_CODE":
        return refuse(intent, twoFactorMessages.wrongBackupCode, 401);
      case "ACCOUNT_TEMPORARILY_LOCKED":
        return refuse(
          intent,
          "Too many wrong codes for this account. Please wait 15 minutes and try again.",
          429,
          { headers: retryAfter(context, 900) },
        );
      case "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE":
        return restart(context, redirectTo, "Too many wrong codes. Sign in with your password again.");
      default:
        logger.info({ code: failure.code }, "two-factor sign-in step refused");
        return restart(context, redirectTo, "Your sign-in has expired. Please enter your password again.");
    }
  }
}
