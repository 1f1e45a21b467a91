import { Form, href, Link, useActionData, useLoaderData, useLocation } from "react-router";
import { PasswordField, TextField } from "~/components/form-fields";
import { PasskeyButton } from "~/components/passkey-button";
import { Toaster } from "~/components/toast";
import { buttonVariants, SubmitButton, useSubmitting } from "~/components/ui/button";
import { brandTitle } from "~/content/company";
import { safeRedirectPath, withRedirectTo } from "~/forms/auth";
import { constraintsOf } from "~/forms/parse-form";
import { PasswordConfirmSchema, TotpCodeSchema } from "~/forms/two-factor";
import { passkeyRegistrationAction } from "~/lib/auth/passkey-actions.server";
import { isPasskeyIntent, type PasskeyActionData, splitPasskeyAnswer } from "~/lib/auth/passkey-ceremony";
import { readFormData, refuseForeignForm } from "~/lib/http/form-data.server";
import { guardedSession } from "~/lib/http/guards.server";
import type { Route } from "./+types/account.two-factor";
import {
  loadTwoFactorPage,
  twoFactorAction,
  type TwoFactorActionData,
  type TwoFactorIntent,
} from "~/routes/account.two-factor.server";

export const handle = { hydrate: true };

export const meta: Route.MetaFunction = () => [
  { title: brandTitle("Two-factor authentication") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadTwoFactorPage(context, request, guardedSession(context));
}

const INTENTS: readonly TwoFactorIntent[] = ["start", "verify", "regenerate", "disable"];

export async function action({ request, context }: Route.ActionArgs) {
  const session = guardedSession(context);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (isPasskeyIntent(intent)) {
    // The alternative to an authenticator: a passkey, then on to where the page was opened from.
    const done = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "/account");
    return passkeyRegistrationAction(context, request, session, intent, formData, done);
  }
  refuseForeignForm(formData, "intent", INTENTS);
  return twoFactorAction(context, request, session, intent as TwoFactorIntent, formData);
}

const passwordLimits = constraintsOf(PasswordConfirmSchema);
const codeLimits = constraintsOf(TotpCodeSchema);

function PasswordForm({
  intent,
  label,
  busyLabel,
  actionData,
  variant = "primary",
}: {
  intent: TwoFactorIntent;
  label: string;
  busyLabel: string;
  actionData?: TwoFactorActionData;
  variant?: "primary" | "secondary";
}) {
  const busy = useSubmitting(intent);
  return (
    <Form method="post" className="space-y-4" aria-label={label}>
      <input type="hidden" name="intent" value={intent} />
      <PasswordField
        label="Your password"
        name="password"
        constraint={passwordLimits.password}
        autoComplete="current-password"
        error={actionData?.intent === intent ? actionData.fieldErrors.password : undefined}
      />
      <SubmitButton busy={busy} label={label} busyLabel={busyLabel} variant={variant} />
    </Form>
  );
}

function BackupCodes({ codes, next }: { codes: string[]; next: string }) {
  return (
    <div className="space-y-4 text-ink-soft">
      <p className="font-semibold">Save your backup codes now: this is the only time they are shown.</p>
      <p>
        Each code signs you in once if you lose your authenticator. Keep them somewhere safe, such as a
        password manager.
      </p>
      <ul
        aria-label="Backup codes"
        className="grid grid-cols-2 gap-2 rounded bg-surface-sunken p-4 font-mono"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Link to={next} reloadDocument className={buttonVariants({ width: "full" })}>
        I have saved my backup codes
      </Link>
    </div>
  );
}

export default function TwoFactorSettings() {
  const { state, isAdmin, redirectTo } = useLoaderData<typeof loader>();
  const {
    page: actionData,
    passkeyError,
    passkeyNameError,
    toast,
  } = splitPasskeyAnswer(
    useActionData<typeof action>() as TwoFactorActionData | PasskeyActionData | undefined,
  );
  const location = useLocation();
  const verifying = useSubmitting("verify");
  const next = redirectTo || "/account";

  return (
    <main id="main" className="bg-surface-muted px-4 py-16">
      <div className="mx-auto max-w-lg">
        <h1 className="text-center text-3xl font-bold tracking-tight text-ink">Two-factor authentication</h1>
        <div className="mt-8 space-y-6 rounded-xl border border-line bg-surface p-6 shadow-sm sm:p-8">
          {state.step === "start" ? (
            <>
              <p className="text-ink-soft">
                {isAdmin
                  ? "Administrator accounts hold the personal data of our leads, so they need a second factor: a code from an authenticator app on your phone, asked for at every sign-in."
                  : "Add a second step to signing in: a code from an authenticator app on your phone."}
              </p>
              <p className="text-ink-soft">Confirm your password to start.</p>
              <PasswordForm
                intent="start"
                label="Set up authenticator"
                busyLabel="Starting..."
                actionData={actionData}
              />
              <section aria-labelledby="passkey-heading" className="space-y-3 border-t border-line pt-6">
                <h2 id="passkey-heading" className="text-lg font-semibold text-ink">
                  Or add a passkey
                </h2>
                <p className="text-sm text-ink-muted">
                  A passkey on this device or a security key{" "}
                  {isAdmin
                    ? "also counts as your second factor"
                    : "can confirm it is you after your password"}
                  . It needs JavaScript and a browser that supports passkeys.
                </p>
                <PasskeyButton
                  ceremony="register"
                  label="Add a passkey"
                  busyLabel="Waiting for your passkey..."
                  withName
                  error={passkeyError}
                  nameError={passkeyNameError}
                />
              </section>
            </>
          ) : null}
          {state.step === "verify" ? (
            <ol className="list-decimal space-y-6 pl-5 text-ink-soft">
              <li>
                <p>
                  Scan this QR code with an authenticator app (for example Google Authenticator, Microsoft
                  Authenticator or 1Password).
                </p>
                <div
                  role="img"
                  aria-label="QR code of your authenticator secret"
                  className="mt-3 w-48 max-w-full [&>svg]:h-auto [&>svg]:w-full"
                  // SVG made on the server by the qrcode library from our own URI.
                  dangerouslySetInnerHTML={{ __html: state.setup.qrSvg }}
                />
              </li>
              <li>
                <p>Or type this secret into the app:</p>
                <code
                  data-testid="totp-secret"
                  className="mt-2 block rounded bg-surface-sunken p-3 font-mono text-sm break-all"
                >
                  {state.setup.secret}
                </code>
              </li>
              <li>
                <Form method="post" className="space-y-4" aria-label="Confirm authenticator">
                  <input type="hidden" name="intent" value="verify" />
                  <TextField
                    label="Code from the app"
                    name="code"
                    constraint={codeLimits.code}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    error={actionData?.intent === "verify" ? actionData.fieldErrors.code : undefined}
                  />
                  <SubmitButton busy={verifying} label="Turn on two-factor" busyLabel="Checking..." />
                </Form>
              </li>
            </ol>
          ) : null}
          {state.step === "codes" ? <BackupCodes codes={state.backupCodes} next={next} /> : null}
          {state.step === "on" ? (
            <>
              <p className="text-ink-soft">
                Two-factor authentication is on: signing in asks for a code from your authenticator app.
              </p>
              {redirectTo ? (
                <Link to={redirectTo} reloadDocument className={buttonVariants({ width: "full" })}>
                  Continue
                </Link>
              ) : null}
              <section aria-labelledby="regenerate-heading" className="space-y-3">
                <h2 id="regenerate-heading" className="text-lg font-semibold text-ink">
                  New backup codes
                </h2>
                <p className="text-sm text-ink-muted">Makes ten new codes; the old ones stop working.</p>
                <PasswordForm
                  intent="regenerate"
                  label="Make new backup codes"
                  busyLabel="Making codes..."
                  actionData={actionData}
                  variant="secondary"
                />
              </section>
              {isAdmin ? (
                <p className="text-sm text-ink-muted">
                  Administrator accounts must keep two-factor authentication.
                </p>
              ) : (
                <section aria-labelledby="disable-heading" className="space-y-3">
                  <h2 id="disable-heading" className="text-lg font-semibold text-ink">
                    Turn off two-factor
                  </h2>
                  <PasswordForm
                    intent="disable"
                    label="Turn off two-factor"
                    busyLabel="Turning off..."
                    actionData={actionData}
                    variant="secondary"
                  />
                </section>
              )}
            </>
          ) : null}
          {state.step === "locked" && state.confirmWith === "passkey" ? (
            <>
              <p className="text-ink-soft">
                This account has a passkey. To change two-factor settings, confirm it is you with your passkey
                first.
              </p>
              <Link
                to={withRedirectTo(href("/auth/two-factor"), href("/account/two-factor"))}
                reloadDocument
                className={buttonVariants({ width: "full" })}
              >
                Confirm with a passkey
              </Link>
            </>
          ) : state.step === "locked" ? (
            <>
              <p className="text-ink-soft">
                This session was signed in with your password alone. To change two-factor settings or backup
                codes, sign out and sign in again with your authenticator code or a backup code.
              </p>
              <Form method="post" action="/auth/sign-out" reloadDocument>
                <SubmitButton busy={false} label="Sign out" busyLabel="Signing out..." />
              </Form>
            </>
          ) : null}
          <p className="text-center text-sm">
            <Link to="/account" className="font-medium text-accent-strong underline">
              Back to your account
            </Link>
          </p>
        </div>
      </div>
      <Toaster key={location.key} toast={toast} />
    </main>
  );
}
