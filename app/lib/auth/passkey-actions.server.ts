import { eq } from "drizzle-orm";
import { data, redirectDocument } from "react-router";
import { safeRedirectPath } from "~/forms/auth";
import { PasskeyNameSchema } from "~/forms/passkey";
import { type FieldErrors, parseForm, readFields } from "~/forms/parse-form";
import { session as sessionTable } from "~db/schema";
import { authLimitRefusal } from "~/lib/auth/auth-limits.server";
import { type Auth, authHeaders, readAuthFailure } from "~/lib/auth/auth.server";
import type { PasskeyActionData, PasskeyIntent } from "~/lib/auth/passkey-ceremony";
import { deleteSession, endPendingChallenge, readWebAuthnResponse } from "~/lib/auth/passkeys.server";
import { gateFactorChange } from "~/lib/auth/factor-step-up.server";
import { endOtherSessions, hasSecondFactor } from "~/lib/auth/second-factor.server";
import { describeDevice } from "~/lib/auth/user-agent";
import type { SignedInSession } from "~/lib/auth/viewer.server";
import {
  type AppContext,
  authContext,
  clientIpContext,
  databaseContext,
  envContext,
} from "~/lib/context.server";
import { appendToast, redirectWithToast } from "~/lib/http/toast.server";
import { logger } from "~/lib/ops/logger.server";

type AuthenticationAnswer = NonNullable<
  Parameters<Auth["api"]["verifyPasskeyAuthentication"]>[0]
>["body"]["response"];

export const passkeyMessages = {
  unreadable: "Your browser's passkey answer could not be read. Please try again.",
  notAdded: "That passkey could not be added. Please try again.",
  notFresh: "For your safety, adding a passkey needs a recent sign-in. Sign out, sign in again and retry.",
  needsStrongerSession:
    "Sign in with your authenticator code or a passkey first, then add or remove passkeys.",
  notAccepted: "That passkey was not accepted. Try again, or sign in another way.",
  otherAccount:
    "That passkey belongs to another account. Use a passkey of the account you are signing in to.",
} as const;

function refuse(
  intent: PasskeyIntent,
  description: string,
  status: number,
  init?: ResponseInit,
  fieldErrors?: FieldErrors<"name">,
) {
  return data<PasskeyActionData>(
    {
      intent,
      error: description,
      fieldErrors,
      toast: { title: "Passkey", description, variant: "destructive" },
    },
    { ...init, status },
  );
}

/** The ceremony's first answer: the challenge, and the cookie that ties it to this browser. */
function ceremonyOptions(
  ceremony: "register" | "authenticate",
  answer: { response: unknown; headers: Headers },
) {
  answer.headers.set("Cache-Control", "private, no-store");
  const options = answer.response as Record<string, unknown>;
  return data<PasskeyActionData>(
    { intent: "passkey-options", ceremony, options },
    { headers: answer.headers },
  );
}

/** Adding a passkey to the signed-in account; `done` is where a success goes. */
export async function passkeyRegistrationAction(
  context: AppContext,
  request: Request,
  session: SignedInSession,
  intent: PasskeyIntent,
  formData: FormData,
  done: string,
) {
  const gate = await gateFactorChange(context, session, "passkey", passkeyMessages.needsStrongerSession);
  if (!gate.ok) return refuse(intent, gate.message, gate.status, gate.init);
  const { factors } = gate;
  const { db } = context.get(databaseContext);
  const userId = session.user.id;
  const auth = context.get(authContext);
  const headers = authHeaders(request, context.get(clientIpContext));

  if (intent === "passkey-options") {
    try {
      const answer = await auth.api.generatePasskeyRegistrationOptions({ headers, returnHeaders: true });
      return ceremonyOptions("register", answer);
    } catch (error) {
      const failure = readAuthFailure(error);
      if (!failure) throw error;
      logger.info({ code: failure.code }, "passkey registration options refused");
      return refuse(
        intent,
        failure.code === "SESSION_NOT_FRESH" ? passkeyMessages.notFresh : passkeyMessages.notAdded,
        403,
      );
    }
  }

  const name = parseForm(PasskeyNameSchema, formData);
  if (!name.ok) return refuse(intent, name.first, 400, undefined, name.fieldErrors);
  const response = readWebAuthnResponse(readFields(formData, ["response"]).response);
  if (!response) return refuse(intent, passkeyMessages.unreadable, 400);
  try {
    await auth.api.verifyPasskeyRegistration({
      body: { response, name: name.data.name || describeDevice(request.headers.get("user-agent")) },
      headers,
    });
  } catch (error) {
    const failure = readAuthFailure(error);
    if (!failure) throw error;
    logger.info({ code: failure.code }, "passkey registration refused");
    return refuse(intent, passkeyMessages.notAdded, 400);
  }
  let endedSessions = 0;
  if (!hasSecondFactor(factors)) {
    // The first second factor: this session has just proved it, and every password-only session ends.
    await db
      .update(sessionTable)
      .set({ secondFactor: "passkey" })
      .where(eq(sessionTable.id, session.sessionId));
    endedSessions = await endOtherSessions(db, userId, { id: session.sessionId });
  }
  logger.info({ userId, endedSessions }, "passkey added");
  return redirectWithToast(context, done, {
    title: "Passkey added",
    description: "You can now use it to sign in.",
  });
}

/**
 * Signing in with a passkey after a right password (`pendingUserId`'s), replacing the session
 * `passwordSessionId` that password started, if any.
 */
export async function passkeySignInAction(
  context: AppContext,
  request: Request,
  intent: PasskeyIntent,
  formData: FormData,
  step: { pendingUserId: string | null; passwordSessionId: string | null },
) {
  const over = await authLimitRefusal(context, "passkey");
  if (over) return refuse(intent, over.message, 429, over.init);
  const { db } = context.get(databaseContext);
  const auth = context.get(authContext);
  const authRequestHeaders = authHeaders(request, context.get(clientIpContext));
  if (intent === "passkey-options") {
    const answer = await auth.api.generatePasskeyAuthenticationOptions({
      headers: authRequestHeaders,
      returnHeaders: true,
    });
    return ceremonyOptions("authenticate", answer);
  }

  const fields = readFields(formData, ["response", "redirectTo"]);
  const redirectTo = safeRedirectPath(fields.redirectTo);
  const response = readWebAuthnResponse(fields.response);
  if (!response) return refuse(intent, passkeyMessages.unreadable, 400);
  let signedIn;
  try {
    signedIn = await auth.api.verifyPasskeyAuthentication({
      // Its shape was checked above; its content is the plugin's to verify.
      body: { response: response as unknown as AuthenticationAnswer },
      headers: authRequestHeaders,
      returnHeaders: true,
    });
  } catch (error) {
    const failure = readAuthFailure(error);
    if (!failure) throw error;
    logger.info({ code: failure.code }, "passkey sign-in refused");
    return refuse(intent, passkeyMessages.notAccepted, 401);
  }
  const { userId, id: sessionId } = signedIn.response.session;
  if (step.pendingUserId && userId !== step.pendingUserId) {
    // A passkey of someone else completes nobody's sign-in here.
    await deleteSession(db, sessionId);
    return refuse(intent, passkeyMessages.otherAccount, 401);
  }
  if (step.passwordSessionId) await deleteSession(db, step.passwordSessionId);
  const headers = signedIn.headers;
  await endPendingChallenge(db, context.get(envContext), request, headers);
  await appendToast(context, headers, { title: "Signed in successfully!" });
  logger.info({ userId }, "signed in with a passkey");
  return redirectDocument(redirectTo, { headers });
}
