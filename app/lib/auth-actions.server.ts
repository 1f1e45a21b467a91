import { data, redirectDocument } from "react-router";
import type { Toast } from "~/components/toast";
import { authPage } from "~/content/account-pages";
import {
  collectFieldErrors,
  EmailOnlySchema,
  type FieldErrors,
  readFields,
  safeRedirectPath,
  SignInSchema,
  SignUpSchema,
} from "~/forms/auth";
import { checkAuthRateLimit } from "./auth-limits.server";
import { authHeaders, getAuth, readAuthFailure } from "./auth.server";
import { getDb } from "./db.server";
import { twoFactorStepUrl } from "./two-factor-sign-in.server";
import { logger } from "./logger.server";
import { createToastHeaders, redirectWithToast } from "./toast.server";

export type AuthIntent = "sign-in" | "sign-up" | "resend-verification";

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

function fail(body: AuthActionData, status: number, retryAfterSeconds?: number) {
  const headers = retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : undefined;
  return data(body, { status, headers });
}

function failureToast(title: string, description: string): Toast {
  return { title, description, variant: "destructive" };
}

export async function signIn(request: Request, clientIp: string, formData: FormData) {
  const fields = readFields(formData, ["email", "password", "redirectTo"]);
  const values = { email: fields.email };
  const parsed = SignInSchema.safeParse(fields);
  if (!parsed.success) {
    const { fieldErrors, first } = collectFieldErrors<"email" | "password">(parsed.error);
    return fail(
      { intent: "sign-in", fieldErrors, values, toast: failureToast(messages.signInFailed, first) },
      400,
    );
  }
  const { email, password } = parsed.data;

  const limit = await checkAuthRateLimit(await getDb(), "sign-in", { ip: clientIp, email });
  if (!limit.allowed) {
    return fail(
      { intent: "sign-in", values, toast: failureToast(messages.signInFailed, limit.message) },
      429,
      limit.retryAfterSeconds,
    );
  }

  const auth = await getAuth();
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: authHeaders(request, clientIp),
      returnHeaders: true,
    });
    if ("twoFactorRedirect" in response && response.twoFactorRedirect) {
      // The password was right; the second step (an authenticator or backup
      // code) signs in. `headers` carries the challenge cookie.
      return redirectDocument(twoFactorStepUrl(safeRedirectPath(fields.redirectTo)), { headers });
    }
    for (const cookie of (await createToastHeaders({ title: messages.signInSuccess })).getSetCookie()) {
      headers.append("Set-Cookie", cookie);
    }
    // A full page load: every page (most render without JavaScript) shows
    // the signed-in header from the server.
    return redirectDocument(safeRedirectPath(fields.redirectTo), { headers });
  } catch (error) {
    const failure = readAuthFailure(error);
    if (!failure) throw error;
    if (failure.code === "EMAIL_NOT_VERIFIED") {
      return fail(
        {
          intent: "sign-in",
          values,
          unverifiedEmail: email,
          toast: failureToast(
            messages.signInFailed,
            "Please verify your email address first: use the link we emailed you, or send it again.",
          ),
        },
        403,
      );
    }
    // One message for an unknown address and a wrong password.
    const description =
      failure.code === "INVALID_EMAIL_OR_PASSWORD" ? failure.message : "Invalid email or password";
    return fail({ intent: "sign-in", values, toast: failureToast(messages.signInFailed, description) }, 401);
  }
}

export async function signUp(request: Request, clientIp: string, formData: FormData) {
  const fields = readFields(formData, ["fullName", "email", "password", "confirmPassword"]);
  const values = { fullName: fields.fullName, email: fields.email };
  const parsed = SignUpSchema.safeParse(fields);
  if (!parsed.success) {
    const { fieldErrors, first } = collectFieldErrors<"fullName" | "email" | "password" | "confirmPassword">(
      parsed.error,
    );
    return fail({ intent: "sign-up", fieldErrors, values, toast: failureToast("Error", first) }, 400);
  }
  const { fullName, email, password } = parsed.data;

  const limit = await checkAuthRateLimit(await getDb(), "sign-up", { ip: clientIp, email });
  if (!limit.allowed) {
    return fail(
      { intent: "sign-up", values, toast: failureToast(messages.signUpFailed, limit.message) },
      429,
      limit.retryAfterSeconds,
    );
  }

  const auth = await getAuth();
  try {
    // A taken address answers exactly like a new one (its owner gets a
    // mail instead): the response reveals nothing about who has an account.
    await auth.api.signUpEmail({
      body: { name: fullName, email, password },
      headers: authHeaders(request, clientIp),
    });
  } catch (error) {
    const failure = readAuthFailure(error);
    if (!failure) throw error;
    logger.warn({ code: failure.code }, "sign-up refused");
    return fail(
      { intent: "sign-up", values, toast: failureToast(messages.signUpFailed, failure.message) },
      400,
    );
  }
  // A fresh page clears the form.
  return redirectWithToast("/auth?tab=signup", { title: messages.signUpSuccess });
}

export async function resendVerification(clientIp: string, formData: FormData) {
  const parsed = EmailOnlySchema.safeParse(readFields(formData, ["email"]));
  if (!parsed.success) {
    return fail(
      { intent: "resend-verification", toast: failureToast("Error", collectFieldErrors(parsed.error).first) },
      400,
    );
  }
  const { email } = parsed.data;
  const limit = await checkAuthRateLimit(await getDb(), "resend-verification", { ip: clientIp, email });
  if (!limit.allowed) {
    return fail(
      {
        intent: "resend-verification",
        unverifiedEmail: email,
        toast: failureToast("Could not send the link", limit.message),
      },
      429,
      limit.retryAfterSeconds,
    );
  }
  const auth = await getAuth();
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
