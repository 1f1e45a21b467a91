import { data, redirectDocument } from "react-router";
import { errorToast, type Toast } from "~/components/toast";
import { safeRedirectPath, withRedirectTo } from "~/forms/auth";
import { type FieldErrors, parseForm, readFields } from "~/forms/parse-form";
import { BackupCodeSchema, TotpCodeSchema, twoFactorMessages } from "~/forms/two-factor";
import { authLimitRefusal } from "~/lib/auth/auth-limits.server";
import { authHeaders, readAuthFailure, readCookie } from "~/lib/auth/auth.server";
import {
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
import { appendToast, redirectWithToast } from "~/lib/http/toast.server";
import { readRequestSession } from "~/lib/http/request-session.server";
import { retryAfter } from "~/lib/http/response-headers.server";

/**
 * The second step of signing in: after a right password, an account with two-factor holds only Better
 * Auth's short-lived challenge cookie, and signs in with an authenticator code or a backup code here.
 */
type TwoFactorIntent = "totp" | "backup-code";

export interface TwoFactorStepData {
  intent: TwoFactorIntent;
  /** Every refusal of this step is about the code. */
  fieldErrors: FieldErrors<"code">;
  toast: Toast;
}

export const twoFactorStepUrl = (redirectTo: string) => withRedirectTo("/auth/two-factor", redirectTo);

/**
 * The second step waiting for this browser: a password proved by Better Auth's challenge or by the
 * passkey step, or a password-only session of an account with a passkey, which the passkey replaces
 * (to confirm before changing second factors). `pendingUserId` is null once the challenge expired.
 * Null: nothing to do here.
 */
export async function readSignInStep(context: AppContext, request: Request) {
  const { db } = context.get(databaseContext);
  const env = context.get(envContext);
  if (readCookie(request, twoFactorChallengeCookieName(env)) !== null) {
    const pendingUserId = await readPendingChallengeUserId(db, env, request);
    const passkey = pendingUserId ? (await readSecondFactors(db, pendingUserId)).passkeys > 0 : false;
    return { pendingUserId, passwordSessionId: null, totp: true, passkey };
  }
  const passkeyStepUserId = await readPasskeyStepUserId(db, env, request);
  if (passkeyStepUserId) {
    return { pendingUserId: passkeyStepUserId, passwordSessionId: null, totp: false, passkey: true };
  }
  const { session } = readRequestSession(context);
  if (!session || session.secondFactor) return null;
  if ((await readSecondFactors(db, session.user.id)).passkeys === 0) return null;
  return { pendingUserId: session.user.id, passwordSessionId: session.sessionId, totp: false, passkey: true };
}

function refuse(intent: TwoFactorIntent, description: string, status: number, init?: ResponseInit) {
  const toast = errorToast(description, "Sign in failed");
  return data<TwoFactorStepData>({ intent, fieldErrors: { code: description }, toast }, { ...init, status });
}

/** The challenge expired or was used up: back to the password step. */
export function restartSignIn(context: AppContext, redirectTo: string, description: string) {
  const toast = errorToast(description, "Please sign in again");
  return redirectWithToast(context, withRedirectTo("/auth", redirectTo), toast);
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

  const over = await authLimitRefusal(context, "two-factor");
  if (over) return refuse(intent, over.message, 429, over.init);

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
  const headers = authHeaders(request, context.get(clientIpContext));
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
    await appendToast(context, result.headers, { title: "Signed in successfully!", description });
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
        return restartSignIn(context, redirectTo, "Too many wrong codes. Sign in with your password again.");
      default:
        logger.info({ code: failure.code }, "two-factor sign-in step refused");
        return restartSignIn(
          context,
          redirectTo,
          "Your sign-in has expired. Please enter your password again.",
        );
    }
  }
}
