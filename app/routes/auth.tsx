import { type FormEvent, useState } from "react";
import { data, Form, Link, redirect, useActionData, useLoaderData, useLocation } from "react-router";
import { NewPasswordFields, PasswordField, TextField } from "~/components/form-fields";
import { errorToast, type Toast, Toaster } from "~/components/toast";
import { SubmitButton, useSubmitting } from "~/components/ui/button";
import { authPage } from "~/content/account-pages";
import { safeRedirectPath, SignInSchema, SignUpSchema } from "~/forms/auth";
import { constraintsOf, type FieldErrors, parseForm } from "~/forms/parse-form";
import { type AuthActionData, resendVerification, signIn, signUp } from "~/lib/auth/auth-actions.server";
import { readRequestSession } from "~/lib/http/request-session.server";
import { routeMeta } from "~/seo/meta";
import type { Route } from "./+types/auth";
import { readFormData } from "~/lib/http/form-data.server";
import { readVerificationLink } from "~/lib/auth/email-verification.server";
import { databaseContext } from "~/lib/context.server";

export const handle = { hydrate: true };

export const meta: Route.MetaFunction = ({ matches }) => routeMeta("/auth", authPage.meta, matches);

type Tab = "signin" | "signup";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { session } = readRequestSession(context);
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"), "");
  if (session) throw redirect(redirectTo || "/");
  const tab: Tab = url.searchParams.get("tab") === "signup" ? "signup" : "signin";
  // Opened from a verification link: signing in confirms the address.
  const verifyToken = url.searchParams.get("verify") ?? "";
  const link = verifyToken ? await readVerificationLink(context.get(databaseContext).db, verifyToken) : null;
  const verify = link && !link.alreadyVerified ? { token: verifyToken, email: link.email } : null;
  return { tab: verify ? ("signin" as const) : tab, redirectTo, verify };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (intent === "sign-in") return signIn(context, request, formData);
  if (intent === "sign-up") return signUp(context, request, formData);
  if (intent === "resend-verification") return resendVerification(context, formData);
  throw data("Unknown form", { status: 400 });
}

const { tabs, labels, buttons } = authPage;
const signInLimits = constraintsOf(SignInSchema);
const signUpLimits = constraintsOf(SignUpSchema);

function tabHref(tab: Tab, redirectTo: string): string {
  const params = new URLSearchParams(tab === "signup" ? { tab } : {});
  if (redirectTo) params.set("redirectTo", redirectTo);
  const query = params.toString();
  return query ? `/auth?${query}` : "/auth";
}

function SignInForm({
  actionData,
  redirectTo,
  verify,
}: {
  actionData?: AuthActionData;
  redirectTo: string;
  verify: { token: string; email: string } | null;
}) {
  const busy = useSubmitting("sign-in");
  const errors = actionData?.intent === "sign-in" ? actionData.fieldErrors : undefined;
  return (
    <Form method="post" className="space-y-4" aria-label={tabs.signIn}>
      <input type="hidden" name="intent" value="sign-in" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {verify ? (
        <>
          <input type="hidden" name="verifyToken" value={verify.token} />
          <p className="rounded-md border border-accent-bright bg-accent-wash p-3 text-sm text-ink-soft">
            Sign in with the password you chose to finish verifying your email address.
          </p>
        </>
      ) : null}
      <TextField
        label={labels.email}
        name="email"
        constraint={signInLimits.email}
        autoComplete="email"
        defaultValue={actionData?.values?.email ?? verify?.email}
        error={errors?.email}
      />
      <PasswordField
        label={labels.password}
        name="password"
        constraint={signInLimits.password}
        autoComplete="current-password"
        error={errors?.password}
      />
      <div className="text-right text-sm">
        <Link to="/auth/forgot-password" className="font-medium text-accent-strong underline">
          Forgot password?
        </Link>
      </div>
      <SubmitButton busy={busy} label={buttons.signIn} busyLabel={buttons.signingIn} />
    </Form>
  );
}

function ResendVerification({ email }: { email: string }) {
  const busy = useSubmitting("resend-verification");
  return (
    <div className="mt-6 rounded-md border border-accent-bright bg-accent-wash p-4 text-sm text-ink-soft">
      <p>Your email address is not verified yet. We can send the verification link again.</p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="resend-verification" />
        <input type="hidden" name="email" value={email} />
        <button
          type="submit"
          disabled={busy}
          className="font-semibold text-accent-strong underline disabled:opacity-70"
        >
          {busy ? "Sending..." : "Send the link again"}
        </button>
      </Form>
    </div>
  );
}

type SignUpErrors = FieldErrors<keyof typeof signUpLimits>;

function SignUpForm({
  actionData,
  onValidated,
}: {
  actionData?: AuthActionData;
  /** The browser-side check's toast, or null when the form goes to the server. */
  onValidated(toast: Toast | null): void;
}) {
  const busy = useSubmitting("sign-up");
  const [clientErrors, setClientErrors] = useState<SignUpErrors | null>(null);
  const errors = clientErrors ?? (actionData?.intent === "sign-up" ? actionData.fieldErrors : undefined);

  // The spec's checks run in the browser before any request; the server
  // repeats them for browsers without JavaScript.
  function validate(event: FormEvent<HTMLFormElement>) {
    const result = parseForm(SignUpSchema, new FormData(event.currentTarget));
    if (result.ok) {
      setClientErrors(null);
      onValidated(null);
      return;
    }
    event.preventDefault();
    setClientErrors(result.fieldErrors);
    onValidated(errorToast(result.first));
  }

  return (
    <Form method="post" className="space-y-4" aria-label={tabs.signUp} onSubmit={validate}>
      <input type="hidden" name="intent" value="sign-up" />
      {(["fullName", "email"] as const).map((name) => (
        <TextField
          key={name}
          label={labels[name]}
          name={name}
          constraint={signUpLimits[name]}
          autoComplete={name === "email" ? "email" : "name"}
          defaultValue={actionData?.values?.[name]}
          error={errors?.[name]}
        />
      ))}
      <NewPasswordFields
        constraints={signUpLimits}
        errors={errors}
        labels={{ password: labels.password, confirmPassword: labels.confirmPassword }}
      />
      <SubmitButton busy={busy} label={buttons.signUp} busyLabel={buttons.creatingAccount} />
      <p className="text-sm text-ink-muted">
        {authPage.privacyLink.before}{" "}
        <Link to={authPage.privacyLink.href} className="underline underline-offset-2">
          {authPage.privacyLink.label}
        </Link>
        .
      </p>
    </Form>
  );
}

export default function AuthPage() {
  const { tab, redirectTo, verify } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as AuthActionData | undefined;
  const location = useLocation();
  // A browser-side check's toast belongs to the page it was shown on.
  const [clientToast, setClientToast] = useState<{ toast: Toast; id: number; page: string } | null>(null);
  const showClientToast = (toast: Toast | null) =>
    setClientToast((previous) => (toast ? { toast, id: (previous?.id ?? 0) + 1, page: location.key } : null));
  const currentClientToast = clientToast?.page === location.key ? clientToast : null;
  const toast = currentClientToast?.toast ?? actionData?.toast;

  return (
    <main id="main" className="bg-surface-muted px-4 py-16">
      <div className="mx-auto max-w-md">
        <h1 className="text-center text-3xl font-bold tracking-tight text-ink">{authPage.title}</h1>
        <p className="mt-2 text-center text-ink-muted">{authPage.subtitle}</p>
        <div className="mt-8 rounded-xl border border-line bg-surface p-6 shadow-sm sm:p-8">
          <nav aria-label="Account" className="mb-6 grid grid-cols-2 gap-1 rounded-md bg-surface-sunken p-1">
            {(["signin", "signup"] as const).map((name) => (
              <Link
                key={name}
                to={tabHref(name, redirectTo)}
                aria-current={tab === name ? "page" : undefined}
                className={`rounded px-3 py-2 text-center text-sm font-semibold ${
                  tab === name ? "bg-surface text-ink shadow-sm" : "text-ink-muted hover:text-ink"
                }`}
              >
                {name === "signin" ? tabs.signIn : tabs.signUp}
              </Link>
            ))}
          </nav>
          {/* Keyed by location: a new page (e.g. after sign-up) starts with empty fields. */}
          {tab === "signin" ? (
            <SignInForm key={location.key} actionData={actionData} redirectTo={redirectTo} verify={verify} />
          ) : (
            <SignUpForm key={location.key} actionData={actionData} onValidated={showClientToast} />
          )}
          {tab === "signin" && actionData?.unverifiedEmail ? (
            <ResendVerification email={actionData.unverifiedEmail} />
          ) : null}
        </div>
      </div>
      <Toaster key={currentClientToast?.id ?? `server-${location.key}`} toast={toast} />
    </main>
  );
}
