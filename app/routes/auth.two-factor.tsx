import type { ReactNode } from "react";
import { data, Form, redirect, useActionData, useLoaderData, useLocation } from "react-router";
import { TextField } from "~/components/form-fields";
import { PasskeyButton } from "~/components/passkey-button";
import { Toaster } from "~/components/toast";
import { SubmitButton, useSubmitting } from "~/components/ui/button";
import { brandTitle } from "~/content/company";
import { safeRedirectPath, withRedirectTo } from "~/forms/auth";
import { constraintsOf } from "~/forms/parse-form";
import { BackupCodeSchema, TotpCodeSchema } from "~/forms/two-factor";
import { readFormData } from "~/lib/http/form-data.server";
import { passkeySignInAction } from "~/lib/auth/passkey-actions.server";
import { isPasskeyIntent, type PasskeyActionData, splitPasskeyAnswer } from "~/lib/auth/passkey-ceremony";
import {
  readSignInStep,
  restartSignIn,
  type TwoFactorStepData,
  verifySignInSecondFactor,
} from "~/lib/auth/two-factor-sign-in.server";
import type { Route } from "./+types/auth.two-factor";

export const handle = { hydrate: true };

export const meta: Route.MetaFunction = () => [
  { title: brandTitle("Two-factor sign-in") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "");
  // Without a pending step (expired, or never signed in) this page means nothing.
  const step = await readSignInStep(context, request);
  if (!step) throw redirect(withRedirectTo("/auth", redirectTo));
  return { redirectTo, totp: step.totp, passkey: step.passkey };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (isPasskeyIntent(intent)) {
    const step = await readSignInStep(context, request);
    if (!step?.pendingUserId) {
      const redirectTo = safeRedirectPath(formData.get("redirectTo"));
      return restartSignIn(
        context,
        redirectTo,
        "Your sign-in has expired. Please enter your password again.",
      );
    }
    return passkeySignInAction(context, request, intent, formData, step);
  }
  if (intent === "totp" || intent === "backup-code") {
    return verifySignInSecondFactor(context, request, intent, formData);
  }
  throw data("Unknown form", { status: 400 });
}

const totpLimits = constraintsOf(TotpCodeSchema);
const backupLimits = constraintsOf(BackupCodeSchema);

/** One way through the second step: a code field (the children) and its button. */
function CodeForm({
  intent,
  title,
  submitLabel,
  className,
  children,
}: {
  intent: TwoFactorStepData["intent"];
  title: string;
  submitLabel: string;
  className: string;
  children: ReactNode;
}) {
  const { redirectTo } = useLoaderData<typeof loader>();
  const busy = useSubmitting(intent);
  return (
    <Form method="post" className={className} aria-label={title}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {children}
      <SubmitButton busy={busy} label={submitLabel} busyLabel="Verifying..." />
    </Form>
  );
}

export default function TwoFactorStep() {
  const { redirectTo, totp, passkey } = useLoaderData<typeof loader>();
  const {
    page: actionData,
    passkeyError,
    toast,
  } = splitPasskeyAnswer(useActionData<typeof action>() as TwoFactorStepData | PasskeyActionData | undefined);
  const location = useLocation();
  const errorFor = (intent: TwoFactorStepData["intent"]) =>
    actionData?.intent === intent ? actionData.fieldErrors.code : undefined;

  return (
    <main id="main" className="bg-surface-muted px-4 py-16">
      <div className="mx-auto max-w-md">
        <h1 className="text-center text-3xl font-bold tracking-tight text-ink">Two-factor sign-in</h1>
        <p className="mt-2 text-center text-ink-muted">
          {totp
            ? `Your password was right. Now enter the 6-digit code your authenticator app shows${passkey ? ", or use a passkey" : ""}.`
            : "Your password was right. Now confirm it is you with your passkey."}
        </p>
        <div className="mt-8 space-y-6 rounded-xl border border-line bg-surface p-6 shadow-sm sm:p-8">
          {totp ? (
            <CodeForm intent="totp" title="Authenticator code" submitLabel="Verify" className="space-y-4">
              <TextField
                label="Authentication code"
                name="code"
                constraint={totpLimits.code}
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 ]{6,7}"
                error={errorFor("totp")}
              />
            </CodeForm>
          ) : null}
          {passkey ? (
            <section aria-label="Passkey">
              <PasskeyButton
                ceremony="authenticate"
                label="Use a passkey"
                busyLabel="Waiting for your passkey..."
                fields={{ redirectTo }}
                variant={totp ? "secondary" : "primary"}
                error={passkeyError}
              />
            </section>
          ) : null}
          {totp ? (
            <details className="text-sm" open={actionData?.intent === "backup-code"}>
              <summary className="cursor-pointer font-medium text-accent-strong underline">
                Lost your device? Use a backup code
              </summary>
              <CodeForm
                intent="backup-code"
                title="Backup code"
                submitLabel="Use backup code"
                className="mt-4 space-y-4"
              >
                <TextField
                  label="Backup code"
                  name="code"
                  constraint={backupLimits.code}
                  autoComplete="off"
                  error={errorFor("backup-code")}
                />
              </CodeForm>
            </details>
          ) : null}
        </div>
      </div>
      <Toaster key={location.key} toast={toast} />
    </main>
  );
}
