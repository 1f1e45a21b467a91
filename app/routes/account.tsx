import { Form, href, Link, useActionData, useLoaderData, useLocation } from "react-router";
import { NewPasswordFields, PasswordField } from "~/components/form-fields";
import { YourInquiries } from "~/components/client/your-inquiries";
import { PasskeyButton } from "~/components/passkey-button";
import { Toaster } from "~/components/toast";
import { Button, buttonVariants, SubmitButton, useSubmitting } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { brandTitle } from "~/content/company";
import { adminPasswordMessages, ChangePasswordSchema, withRedirectTo } from "~/forms/auth";
import { constraintsOf } from "~/forms/parse-form";
import { passkeyRegistrationAction } from "~/lib/auth/passkey-actions.server";
import { isPasskeyIntent, type PasskeyActionData, splitPasskeyAnswer } from "~/lib/auth/passkey-ceremony";
import { readFormData, refuseForeignForm } from "~/lib/http/form-data.server";
import { guardedSession } from "~/lib/http/guards.server";
import type { Route } from "./+types/account";
import {
  accountAction,
  type AccountActionData,
  type AccountIntent,
  loadAccountPage,
} from "~/routes/account.server";

export const handle = { hydrate: true };

export const meta: Route.MetaFunction = () => [
  { title: brandTitle("Your account") },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  return loadAccountPage(context, guardedSession(context));
}

const INTENTS: readonly AccountIntent[] = [
  "change-password",
  "end-session",
  "end-other-sessions",
  "remove-passkey",
];

export async function action({ request, context }: Route.ActionArgs) {
  const session = guardedSession(context);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (isPasskeyIntent(intent)) {
    return passkeyRegistrationAction(context, request, session, intent, formData, "/account");
  }
  refuseForeignForm(formData, "intent", INTENTS);
  return accountAction(context, request, session, intent as AccountIntent, formData);
}

// One zone on server and browser alike, so the page hydrates to the same text.
const formatTime = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});
const utc = (iso: string) => `${formatTime.format(new Date(iso))} UTC`;

const passwordLimits = constraintsOf(ChangePasswordSchema);

function ChangePassword({ actionData }: { actionData?: AccountActionData }) {
  const busy = useSubmitting("change-password");
  const errors = actionData?.intent === "change-password" ? actionData.fieldErrors : undefined;
  return (
    <Form method="post" className="space-y-4" aria-label="Change password">
      <input type="hidden" name="intent" value="change-password" />
      <PasswordField
        label="Current password"
        name="currentPassword"
        constraint={passwordLimits.currentPassword}
        autoComplete="current-password"
        error={errors?.currentPassword}
      />
      <NewPasswordFields constraints={passwordLimits} errors={errors} />
      <p className="text-sm text-ink-muted">Changing your password signs you out on every other device.</p>
      <SubmitButton busy={busy} label="Change password" busyLabel="Changing..." />
    </Form>
  );
}

/** A session or passkey; its button posts `intent` and the row's id, `sr` naming the row to a screen reader. */
function Row({
  id,
  name,
  current,
  detail,
  button,
}: {
  id: string;
  name: string;
  current?: boolean;
  detail: string;
  button?: { intent: AccountIntent; labels: [string, string]; sr: string };
}) {
  const busy = useSubmitting(button?.intent ?? "", id);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" aria-label={name}>
      <div>
        <p className="font-medium text-ink">
          {name}
          {current ? (
            <span className="ml-2 rounded-full bg-success-soft px-2 py-0.5 text-xs font-semibold text-success-strong">
              This device
            </span>
          ) : null}
        </p>
        <p className="text-sm text-ink-muted">{detail}</p>
      </div>
      {button ? (
        <Form method="post">
          <input type="hidden" name="intent" value={button.intent} />
          <input type="hidden" name="id" value={id} />
          <Button type="submit" disabled={busy} variant="secondary" size="compact">
            {busy ? button.labels[1] : button.labels[0]}
            <span className="sr-only">{button.sr}</span>
          </Button>
        </Form>
      ) : null}
    </li>
  );
}

export default function AccountPage() {
  const { user, sessions, factors, isAdmin, needsLongerPassword, passkeys, inquiries, mayChangeFactors } =
    useLoaderData<typeof loader>();
  const {
    page: actionData,
    passkeyError,
    passkeyNameError,
    toast,
  } = splitPasskeyAnswer(useActionData<typeof action>() as AccountActionData | PasskeyActionData | undefined);
  const location = useLocation();
  const endingOthers = useSubmitting("end-other-sessions");
  const others = sessions.filter((session) => !session.current).length;

  return (
    <main id="main" className="bg-surface-muted px-4 py-16">
      <div className="mx-auto max-w-2xl space-y-8">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-ink">Your account</h1>
          <p className="mt-2 text-ink-muted">
            {user.name} · {user.email}
          </p>
        </div>

        <YourInquiries inquiries={inquiries} />

        <Card>
          <h2 className="text-xl font-semibold text-ink">Active sessions</h2>
          <ul className="mt-2 divide-y divide-line" aria-label="Active sessions">
            {sessions.map((session) => (
              <Row
                key={session.id}
                id={session.id}
                name={session.device}
                current={session.current}
                detail={`Last seen ${utc(session.lastSeen)} · signed in ${utc(session.signedInAt)}`}
                button={
                  session.current
                    ? undefined
                    : {
                        intent: "end-session",
                        labels: ["End session", "Ending..."],
                        sr: ` on ${session.device}`,
                      }
                }
              />
            ))}
          </ul>
          {others > 0 ? (
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="end-other-sessions" />
              <Button type="submit" disabled={endingOthers} variant="secondary" width="full">
                {endingOthers ? "Ending..." : "End all other sessions"}
              </Button>
            </Form>
          ) : null}
        </Card>

        <Card>
          <h2 className="text-xl font-semibold text-ink">Two-factor authentication</h2>
          <p className="mt-2 text-ink-muted">
            {factors.totp === "on"
              ? "On: signing in asks for a code from your authenticator app."
              : isAdmin
                ? "Administrator accounts need two-factor authentication."
                : "Off. Add a code from an authenticator app to signing in."}
          </p>
          <Link
            to={href("/account/two-factor")}
            className={cn(buttonVariants({ variant: "secondary", width: "full" }), "mt-4")}
          >
            {factors.totp === "on" ? "Manage two-factor authentication" : "Set up two-factor authentication"}
          </Link>
        </Card>

        <Card>
          <h2 className="text-xl font-semibold text-ink">Passkeys</h2>
          <p className="mt-2 text-ink-muted">
            A passkey confirms it is you with your device&apos;s screen lock or a security key. After your
            password it can take the place of an authenticator code, and it counts as an administrator&apos;s
            second factor with or without an authenticator app.
          </p>
          {passkeys.length > 0 ? (
            <ul className="mt-2 divide-y divide-line" aria-label="Your passkeys">
              {passkeys.map((passkey) => (
                <Row
                  key={passkey.id}
                  id={passkey.id}
                  name={passkey.name}
                  detail={passkey.createdAt ? `Added ${utc(passkey.createdAt)}` : "Added earlier"}
                  button={
                    mayChangeFactors
                      ? {
                          intent: "remove-passkey",
                          labels: ["Remove", "Removing..."],
                          sr: ` passkey ${passkey.name}`,
                        }
                      : undefined
                  }
                />
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-ink-muted">No passkeys yet.</p>
          )}
          <div className="mt-4">
            {mayChangeFactors ? (
              <PasskeyButton
                ceremony="register"
                label="Add a passkey"
                busyLabel="Waiting for your passkey..."
                withName
                error={passkeyError}
                nameError={passkeyNameError}
              />
            ) : (
              <>
                <p className="text-sm text-ink-muted">
                  You signed in with your password alone. To add or remove passkeys, confirm it is you with a
                  passkey first.
                </p>
                <Link
                  to={withRedirectTo(href("/auth/two-factor"), href("/account"))}
                  reloadDocument
                  className={cn(buttonVariants({ variant: "secondary", width: "full" }), "mt-3")}
                >
                  Confirm with a passkey
                </Link>
              </>
            )}
          </div>
        </Card>

        <Card>
          <h2 id="change-password" className="text-xl font-semibold text-ink">
            Change password
          </h2>
          {needsLongerPassword ? (
            <p className="mt-2 font-medium text-accent-deep" data-testid="admin-password-notice">
              {adminPasswordMessages.notice}
            </p>
          ) : null}
          <div className="mt-4">
            <ChangePassword key={location.key} actionData={actionData} />
          </div>
        </Card>

        <Card>
          <h2 className="text-xl font-semibold text-ink">Your data</h2>
          <p className="mt-2 text-ink-muted">
            Download what we hold about your account, or delete the account and everything tied to it.
          </p>
          <div className="mt-4 flex flex-col gap-3">
            <a
              href={href("/account/data")}
              download
              className={buttonVariants({ variant: "secondary", width: "full" })}
            >
              Download my data
            </a>
            <Link
              to={href("/account/delete")}
              className={buttonVariants({ variant: "secondary", width: "full" })}
            >
              Delete my account
            </Link>
          </div>
        </Card>
      </div>
      <Toaster key={location.key} toast={toast} />
    </main>
  );
}
