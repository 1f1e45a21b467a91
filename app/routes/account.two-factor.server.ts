import { data, redirect } from "react-router";
import { errorToast } from "~/components/toast";
import type { Toast } from "~/lib/http/toast";
import { safeRedirectPath } from "~/forms/auth";
import { type FieldErrors, parseForm } from "~/forms/parse-form";
import { PasswordConfirmSchema, TotpCodeSchema, twoFactorMessages } from "~/forms/two-factor";
import { authHeaders, readAuthFailure, sessionTokenSetBy } from "~/lib/auth/auth.server";
import { logger } from "~/lib/ops/logger.server";
import { isAdmin } from "~/lib/auth/roles.server";
import { gateFactorChange } from "~/lib/auth/factor-step-up.server";
import { endOtherSessions, mayChangeSecondFactors, readSecondFactors } from "~/lib/auth/second-factor.server";
import { redirectWithToast } from "~/lib/http/toast.server";
import { currentPath } from "~/lib/http/guards.server";
import { allowBackupCodesOnce, takeBackupCodesPermission } from "~/lib/auth/backup-codes-once.server";
import { readPendingTotpSetup, type TotpSetup } from "~/lib/auth/totp-enrolment.server";
import { claimTotpStep } from "~/lib/auth/totp-steps.server";
import type { SignedInSession } from "~/lib/auth/viewer.server";
import {
  type AppContext,
  authContext,
  clientIpContext,
  databaseContext,
  envContext,
} from "~/lib/context.server";

type TwoFactorPageState =
  | { step: "start" }
  | { step: "verify"; setup: TotpSetup }
  | { step: "codes"; backupCodes: string[] }
  | { step: "on" }
  /** This session proved no second factor: first `passkey` (confirm with one) or sign in again with a code. */
  | { step: "locked"; confirmWith: "passkey" | "sign-in" };

export type TwoFactorIntent = "start" | "verify" | "regenerate" | "disable";

export interface TwoFactorActionData {
  intent: TwoFactorIntent;
  /** A refusal shows at the form's one field: the code to confirm, else the password. */
  fieldErrors: FieldErrors<"code" | "password">;
  toast: Toast;
}

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loadTwoFactorPage(context: AppContext, request: Request, session: SignedInSession) {
  const { db } = context.get(databaseContext);
  const auth = context.get(authContext);
  const userId = session.user.id;
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "");
  const [factors, admin, permission] = await Promise.all([
    readSecondFactors(db, userId),
    isAdmin(db, userId),
    takeBackupCodesPermission(context, request, userId),
  ]);
  let state: TwoFactorPageState;
  if (permission.allowed && factors.totp === "on") {
    const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId } });
    state = { step: "codes", backupCodes };
  } else if (!mayChangeSecondFactors(session, factors)) {
    // Backup codes, the authenticator and passkeys change only from a
    // session that proved a second factor, else the password alone would do.
    state = { step: "locked", confirmWith: factors.passkeys > 0 ? "passkey" : "sign-in" };
  } else if (factors.totp === "on") {
    state = { step: "on" };
  } else {
    const setup = await readPendingTotpSetup(auth, db, session.user);
    state = setup ? { step: "verify", setup } : { step: "start" };
  }
  const headers = new Headers(NO_STORE);
  if (permission.clear) headers.append("Set-Cookie", permission.clear);
  return data({ state, isAdmin: admin, redirectTo }, { headers });
}

function refuse(intent: TwoFactorIntent, description: string, status: number, init?: ResponseInit) {
  const field = intent === "verify" ? "code" : "password";
  return data<TwoFactorActionData>(
    { intent, fieldErrors: { [field]: description }, toast: errorToast(description) },
    { ...init, status },
  );
}

export async function twoFactorAction(
  context: AppContext,
  request: Request,
  session: SignedInSession,
  intent: TwoFactorIntent,
  formData: FormData,
) {
  const gate = await gateFactorChange(context, session, "two-factor", twoFactorMessages.needsSecondFactor);
  if (!gate.ok) return refuse(intent, gate.message, gate.status, gate.init);
  const { factors } = gate;
  const { db } = context.get(databaseContext);
  const auth = context.get(authContext);
  const userId = session.user.id;
  const headers = authHeaders(request, context.get(clientIpContext));

  try {
    if (intent === "verify") {
      // Only an enrolment waiting for its first code; never re-shows the backup codes.
      if (factors.totp !== "pending")
        return refuse(intent, "There is no authenticator setup to confirm.", 400);
      const parsed = parseForm(TotpCodeSchema, formData);
      if (!parsed.ok) return refuse(intent, parsed.first, 400);
      if ((await claimTotpStep(auth, db, userId, parsed.data.code)) === "used") {
        return refuse(intent, twoFactorMessages.codeUsed, 400);
      }
      const result = await auth.api.verifyTOTP({
        body: { code: parsed.data.code },
        headers,
        returnHeaders: true,
      });
      // Better Auth replaced this session with one that proved the code;
      // every other session, signed in with the password alone, ends.
      const token = sessionTokenSetBy(context.get(envContext), result.headers);
      const ended = await endOtherSessions(db, userId, token ? { token } : null);
      logger.info({ userId, endedSessions: ended }, "two-factor authentication enabled");
      result.headers.append("Set-Cookie", await allowBackupCodesOnce(context, userId));
      return redirectWithToast(
        context,
        currentPath(request),
        { title: "Two-factor authentication is on", description: "Save your backup codes now." },
        { headers: result.headers },
      );
    }

    const confirmed = parseForm(PasswordConfirmSchema, formData);
    if (!confirmed.ok) return refuse(intent, confirmed.first, 400);
    const { password } = confirmed.data;
    if (intent === "start") {
      await auth.api.enableTwoFactor({ body: { password }, headers });
      return redirect(currentPath(request), { headers: NO_STORE });
    }
    if (intent === "regenerate") {
      await auth.api.generateBackupCodes({ body: { password }, headers });
      logger.info({ userId }, "backup codes regenerated");
      return redirect(currentPath(request), {
        headers: { ...NO_STORE, "Set-Cookie": await allowBackupCodesOnce(context, userId) },
      });
    }
    if (await isAdmin(db, userId)) {
      return refuse(intent, "Administrator accounts must keep two-factor authentication.", 403);
    }
    const result = await auth.api.disableTwoFactor({ body: { password }, headers, returnHeaders: true });
    logger.info({ userId }, "two-factor authentication disabled");
    return redirectWithToast(
      context,
      "/account",
      { title: "Two-factor authentication is off" },
      { headers: result.headers },
    );
  } catch (error) {
    const failure = readAuthFailure(error);
    if (!failure) throw error;
    if (failure.code === "INVALID_CODE") return refuse(intent, twoFactorMessages.wrongCode, 400);
    if (failure.code === "INVALID_PASSWORD") return refuse(intent, "That password is not right.", 400);
    logger.warn({ code: failure.code, intent }, "two-factor change refused");
    return refuse(intent, "That did not work. Please reload the page and try again.", 400);
  }
}
