import { Form, href, Link, useActionData, useLoaderData, useLocation } from "react-router";
import { NewPasswordFields, PasswordField } from "~/components/form-fields";
import { PasskeyButton } from "~/components/passkey-button";
import { Toaster } from "~/components/toast";
import { Button, buttonVariants, SubmitButton, useSubmitting } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { brandTitle } from "~/content/company";
import { adminPasswordMessages, ChangePasswordSchema } from "~/forms/auth";
import { constraintsOf } from "~/forms/parse-form";
import { passkeyRegistrationAction } from "~/lib/auth/passkey-actions.server";
import { isPasskeyIntent, type PasskeyActionData, splitPasskeyAnswer } from "~/lib/auth/passkey-ceremony";
import type { PasskeySummary } from "~/lib/auth/passkeys.server";
import { readFormData, refuseForeignForm } from "~/lib/http/form-data.server";
import { guardedSession } from "~/lib/http/guards.server";
import type { Route } from "./+types/account";
import {
  accountAction,
  type AccountActionData,
  type AccountIntent,
  loadAccountPage,
  type SessionSummary,
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

function SessionRow({ session }: { session: SessionSummary }) {
  const busy = useSubmitting("end-session", session.id);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" aria-label={session.device}>
      <div>
        <p className="font-medium text-ink">
          {session.device}
          {session.current ? (
            <span className="ml-2 rounded-full bg-success-soft px-2 py-0.5 text-xs font-semibold text-success-strong">
              This device
            </span>
          ) : null}
        </p>
        <p className="text-sm text-ink-muted">
          Last seen {formatTime.format(new Date(session.lastSeen))} UTC · signed in{" "}
          {formatTime.format(new Date(session.signedInAt))} UTC
        </p>
      </div>
      {session.current ? null : (
        <RowButton
          intent="end-session"
          id={session.id}
          busy={busy}
          labels={["End session", "Ending..."]}
          detail={` on ${session.device}`}
        />
      )}
    </li>
  );
}

/** A row's one button, posting its intent and the row's id; `detail` names the row to a screen reader. */
function RowButton({
  intent,
  id,
  busy,
  labels: [label, busyLabel],
  detail,
}: {
  intent: AccountIntent;
  id: string;
  busy: boolean;
  labels: [string, string];
  detail: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" disabled={busy} variant="secondary" size="compact">
        {busy ? busyLabel : label}
        <span className="sr-only">{detail}</span>
      </Button>
    </Form>
  );
}

function PasskeyRow({ passkey, removable }: { passkey: PasskeySummary; removable: boolean }) {
  const busy = useSubmitting("remove-passkey", passkey.id);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" aria-label={passkey.name}>
      <div>
        <p className="font-medium text-ink">{passkey.name}</p>
        <p className="text-sm text-ink-muted">
          {passkey.createdAt
            ? `Added ${formatTime.format(new Date(passkey.createdAt))} UTC`
            : "Added earlier"}
        </p>
      </div>
      {removable ? (
        <RowButton
          intent="remove-passkey"
          id={passkey.id}
          busy={busy}
          labels={["Remove", "Removing..."]}
          detail={` passkey ${passkey.name}`}
        />
      ) : null}
    </li>
  );
}

function Passkeys({
  passkeys,
  mayChange,
  error,
  nameError,
}: {
  passkeys: PasskeySummary[];
  mayChange: boolean;
  error?: string;
  nameError?: string;
}) {
  return (
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
            <PasskeyRow key={passkey.id} passkey={passkey} removable={mayChange} />
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-ink-muted">No passkeys yet.</p>
      )}
      <div className="mt-4">
        {mayChange ? (
          <PasskeyButton
            ceremony="register"
            label="Add a passkey"
            busyLabel="Waiting for your passkey..."
            withName
            error={error}
            nameError={nameError}
          />
        ) : (
          <>
            <p className="text-sm text-ink-muted">
              You signed in with your password alone. To add or remove passkeys, confirm it is you with a
              passkey first.
            </p>
            <Link
              to={`${href("/auth/two-factor")}?${new URLSearchParams({ redirectTo: href("/account") }).toString()}`}
              reloadDocument
              className={cn(buttonVariants({ variant: "secondary", width: "full" }), "mt-3")}
            >
              Confirm with a passkey
            </Link>
          </>
        )}
      </div>
    </Card>
  );
}

export default function AccountPage() {
  const { user, sessions, factors, isAdmin, needsLongerPassword, passkeys, mayChangeFactors } =
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

        <Card>
          <h2 className="text-xl font-semibold text-ink">Active sessions</h2>
          <ul className="mt-2 divide-y divide-line" aria-label="Active sessions">
            {sessions.map((session) => (
              <SessionRow key={session.id} session={session} />
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

        <Passkeys
          passkeys={passkeys}
          mayChange={mayChangeFactors}
          error={passkeyError}
          nameError={passkeyNameError}
        />

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
