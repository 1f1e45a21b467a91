import { data, redirectDocument } from "react-router";
import type { Toast } from "~/lib/http/toast";
import { errorToast } from "~/components/toast";
import { authPage } from "~/content/account-pages";
import { EmailOnlySchema, safeRedirectPath, SignInSchema, SignUpSchema } from "~/forms/auth";
import { type FieldErrors, parseForm, readFields } from "~/forms/parse-form";
import { authLimitRefusal, checkAuthRateLimit } from "~/lib/auth/auth-limits.server";
import { createEmailVerificationToken } from "better-auth/api";
import {
  type Auth,
  authHeaders,
  readAuthFailure,
  VERIFY_EMAIL_EXPIRES_IN_SECONDS,
} from "~/lib/auth/auth.server";
import {
  type AppContext,
  authContext,
  clientIpContext,
  databaseContext,
  envContext,
} from "~/lib/context.server";
import type { Db } from "~/lib/db/db.server";
import {
  findUnverifiedAccount,
  forgetVerificationLinks,
  readVerificationLink,
  replaceUnverifiedAccount,
  sendVerificationLink,
} from "~/lib/auth/email-verification.server";
import { twoFactorStepUrl } from "~/lib/auth/two-factor-sign-in.server";
import { logger } from "~/lib/ops/logger.server";
import { checkNewPasswordStrength } from "~/lib/auth/password-strength.server";
import {
  findAccountByEmail,
  grantAdminIfListed,
  isAdmin,
  recordAdminPasswordLength,
} from "~/lib/auth/roles.server";
import { endSessionByToken, startPasskeyStep } from "~/lib/auth/passkeys.server";
import { readSecondFactors } from "~/lib/auth/second-factor.server";
import { appendToast, redirectWithToast } from "~/lib/http/toast.server";
import { retryAfter } from "~/lib/http/response-headers.server";

type AuthIntent = "sign-in" | "sign-up" | "resend-verification";

/** What /auth's action answers when it does not redirect. */
export interface AuthActionData {
  intent: AuthIntent;
  fieldErrors?: FieldErrors<"fullName" | "email" | "password" | "confirmPassword">;
  /** The visitor's input, passwords never included. */
  values?: { fullName?: string; email?: string };
  toast?: Toast;
  /** Set when the password was right but the address is not verified yet. */
  unverifiedEmail?: string;
}

const { messages } = authPage;

function refuse(
  status: number,
  { title, description, ...body }: Omit<AuthActionData, "toast"> & { title: string; description: string },
  init?: ResponseInit,
) {
  return data<AuthActionData>({ ...body, toast: errorToast(description, title) }, { ...init, status });
}

/**
 * Signs in with the password; with `verifyToken` it also confirms the address, as a link alone proves
 * the mailbox, not who chose the password.
 */
async function signInWithPassword(
  auth: Auth,
  db: Db,
  request: Request,
  clientIp: string,
  credentials: { email: string; password: string; verifyToken: string },
) {
  const signInOnce = () =>
    auth.api.signInEmail({
      body: { email: credentials.email, password: credentials.password, rememberMe: true },
      headers: authHeaders(request, clientIp),
      returnHeaders: true,
    });
  try {
    return { ...(await signInOnce()), verifiedNow: false };
  } catch (error) {
    // EMAIL_NOT_VERIFIED comes only after the password was checked.
    if (!credentials.verifyToken || readAuthFailure(error)?.code !== "EMAIL_NOT_VERIFIED") throw error;
    const link = await readVerificationLink(db, credentials.verifyToken);
    if (!link || link.email !== credentials.email) throw error;
    await auth.api.verifyEmail({ query: { token: credentials.verifyToken } });
    await forgetVerificationLinks(db, link.userId);
    return { ...(await signInOnce()), verifiedNow: true };
  }
}

/** An admin with passkeys and no authenticator: Better Auth asks for no code, the site asks for the passkey. */
async function needsPasskeyStep(db: Db, userId: string): Promise<boolean> {
  const factors = await readSecondFactors(db, userId);
  return factors.totp !== "on" && factors.passkeys > 0 && (await isAdmin(db, userId));
}

export async function signIn(context: AppContext, request: Request, formData: FormData) {
  const clientIp = context.get(clientIpContext);
  const { db } = context.get(databaseContext);
  const fields = readFields(formData, ["redirectTo", "verifyToken"]);
  const parsed = parseForm(SignInSchema, formData);
  const values = { email: parsed.values.email };
  const title = messages.signInFailed;
  if (!parsed.ok) {
    const { fieldErrors, first: description } = parsed;
    return refuse(400, { intent: "sign-in", fieldErrors, values, title, description });
  }
  const { email, password } = parsed.data;

  const limit = await checkAuthRateLimit(db, "sign-in", { ip: clientIp, email });
  if (!limit.allowed) {
    const init = { headers: retryAfter(context, limit.retryAfterSeconds) };
    return refuse(429, { intent: "sign-in", values, title, description: limit.message }, init);
  }
  // Many attempts on this account from anywhere: slower, never locked.
  if (limit.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, limit.delayMs));

  const auth = context.get(authContext);
  try {
    const { headers, response, verifiedNow } = await signInWithPassword(auth, db, request, clientIp, {
      email,
      password,
      verifyToken: fields.verifyToken.slice(0, 2000),
    });
    const twoFactorPending = "twoFactorRedirect" in response && response.twoFactorRedirect;
    // ADMIN_EMAILS counts only here: a verified owner who has just proved the password they set.
    const account = twoFactorPending ? await findAccountByEmail(db, email) : response.user;
    if (account?.emailVerified) {
      await grantAdminIfListed(db, account, context.get(envContext).ADMIN_EMAILS);
    }
    // The one moment the password is known: an admin's length is checked here.
    if (account) await recordAdminPasswordLength(db, account.id, password);
    // `headers` carries the challenge cookie of the second step.
    if (twoFactorPending) {
      return redirectDocument(twoFactorStepUrl(safeRedirectPath(fields.redirectTo)), { headers });
    }
    if (account && "token" in response && (await needsPasskeyStep(db, account.id))) {
      // Like a code challenge: the password alone keeps no session.
      await endSessionByToken(db, response.token);
      const step = new Headers({
        "Set-Cookie": await startPasskeyStep(db, context.get(envContext), account.id),
      });
      return redirectDocument(twoFactorStepUrl(safeRedirectPath(fields.redirectTo)), { headers: step });
    }
    const toast = verifiedNow
      ? { title: "Email verified", description: messages.signInSuccess }
      : { title: messages.signInSuccess };
    await appendToast(context, headers, toast);
    // A full page load: the server draws the signed-in header.
    return redirectDocument(safeRedirectPath(fields.redirectTo), { headers });
  } catch (error) {
    const failure = readAuthFailure(error);
    if (!failure) throw error;
    if (failure.code === "EMAIL_NOT_VERIFIED") {
      return refuse(403, {
        intent: "sign-in",
        values,
        unverifiedEmail: email,
        title,
        description: "Please verify your email address first: use the link we emailed you, or send it again.",
      });
    }
    // One message for an unknown address and a wrong password.
    const description =
      failure.code === "INVALID_EMAIL_OR_PASSWORD" ? failure.message : "Invalid email or password";
    return refuse(401, { intent: "sign-in", values, title, description });
  }
}

export async function signUp(context: AppContext, request: Request, formData: FormData) {
  const clientIp = context.get(clientIpContext);
  const { db } = context.get(databaseContext);
  const parsed = parseForm(SignUpSchema, formData);
  const values = { fullName: parsed.values.fullName, email: parsed.values.email };
  if (!parsed.ok) {
    const { fieldErrors, first: description } = parsed;
    return refuse(400, { intent: "sign-up", fieldErrors, values, title: "Error", description });
  }
  const { fullName, email, password } = parsed.data;
  // The same rules for every address: a longer password for an admin is
  // asked for when the account becomes one, or this answer would tell who is.
  const weak = await checkNewPasswordStrength(password, { email, name: fullName, admin: false });
  if (weak) {
    const fieldErrors = { password: weak };
    return refuse(400, { intent: "sign-up", fieldErrors, values, title: "Error", description: weak });
  }

  const over = await authLimitRefusal(context, "sign-up", email);
  if (over) {
    const title = messages.signUpFailed;
    return refuse(429, { intent: "sign-up", values, title, description: over.message }, over.init);
  }

  const auth = context.get(authContext);
  try {
    // An unverified address belongs to whoever signs up last: new password, new link, old links void.
    // Every branch costs one password hash and one link or mail, so timing tells no addresses apart
    // (Better Auth's resend endpoint waits for a floor of half a second).
    const unverifiedId = await findUnverifiedAccount(db, email);
    const authContextValue = unverifiedId ? await auth.$context : null;
    const passwordHash = authContextValue ? await authContextValue.password.hash(password) : "";
    if (
      unverifiedId &&
      authContextValue &&
      (await replaceUnverifiedAccount(db, unverifiedId, { name: fullName, passwordHash }))
    ) {
      const token = await createEmailVerificationToken(
        authContextValue.secret,
        email,
        undefined,
        VERIFY_EMAIL_EXPIRES_IN_SECONDS,
        { userId: unverifiedId },
      );
      await sendVerificationLink(
        db,
        context.get(envContext).SITE_URL,
        { id: unverifiedId, email },
        token,
        VERIFY_EMAIL_EXPIRES_IN_SECONDS,
      );
    } else {
      // A taken address answers like a new one (its owner gets a mail): nothing tells who has an account.
      await auth.api.signUpEmail({
        body: { name: fullName, email, password },
        headers: authHeaders(request, clientIp),
      });
    }
  } catch (error) {
    const failure = readAuthFailure(error);
    if (!failure) throw error;
    logger.warn({ code: failure.code }, "sign-up refused");
    const title = messages.signUpFailed;
    return refuse(400, { intent: "sign-up", values, title, description: failure.message });
  }
  // A fresh page clears the form.
  return redirectWithToast(context, "/auth?tab=signup", { title: messages.signUpSuccess });
}

export async function resendVerification(context: AppContext, formData: FormData) {
  const parsed = parseForm(EmailOnlySchema, formData);
  if (!parsed.ok) {
    const { fieldErrors, first: description } = parsed;
    return refuse(400, { intent: "resend-verification", fieldErrors, title: "Error", description });
  }
  const { email } = parsed.data;
  const over = await authLimitRefusal(context, "resend-verification", email);
  if (over) {
    const [intent, title] = ["resend-verification", "Could not send the link"] as const;
    return refuse(429, { intent, unverifiedEmail: email, title, description: over.message }, over.init);
  }
  const auth = context.get(authContext);
  try {
    // Answers the same whether or not the address needs verifying.
    await auth.api.sendVerificationEmail({ body: { email } });
  } catch (error) {
    if (!readAuthFailure(error)) throw error;
    logger.warn({ err: error }, "resending a verification link failed");
  }
  return data<AuthActionData>({
    intent: "resend-verification",
    toast: {
      title: "Verification link sent",
      description:
        "If this address still needs verifying, a new link is on its way. Please check your inbox.",
    },
  });
}
