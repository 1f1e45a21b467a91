import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { PasswordField } from "~/components/form-fields";
import { errorToast, type Toast, Toaster } from "~/components/toast";
import { Button, buttonVariants } from "~/components/ui/button";
import { brandTitle, company } from "~/content/company";
import { constraintsOf, type FieldErrors, parseForm } from "~/forms/parse-form";
import { DeleteAccountSchema } from "~/forms/privacy";
import { authLimitRefusal } from "~/lib/auth/auth-limits.server";
import { authHeaders, endSession, readAuthFailure } from "~/lib/auth/auth.server";
import { readFormData } from "~/lib/http/form-data.server";
import { guardedUser } from "~/lib/http/guards.server";
import { logger } from "~/lib/ops/logger.server";
import { erasePersonalData, storageDirsOf } from "~/lib/privacy/personal-data.server";
import { redirectWithToast } from "~/lib/http/toast.server";
import type { Route } from "./+types/account.delete";
import { authContext, databaseContext } from "~/lib/context.server";

export const handle = { hydrate: true };

export const meta: Route.MetaFunction = () => [
  { title: brandTitle("Delete your account") },
  { name: "robots", content: "noindex" },
];

/** Every refusal is about the password (wrong, missing, or too many tries). */
interface DeleteActionData {
  fieldErrors: FieldErrors<"password">;
  toast: Toast;
}

function refuse(error: string, status: number, init?: ResponseInit) {
  return data<DeleteActionData>(
    {
      fieldErrors: { password: error },
      toast: errorToast(error, "Account not deleted"),
    },
    { ...init, status },
  );
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = guardedUser(context);
  return { email: user.email };
}

/** After the password again: erases the account as the personal-data declarations find it, and signs out. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = guardedUser(context);
  const parsed = parseForm(DeleteAccountSchema, await readFormData(request));
  if (!parsed.ok) return refuse(parsed.first, 400);

  // Checking a password is a guess like signing in: the same limits apply.
  const over = await authLimitRefusal(context, "sign-in", user.email);
  if (over) return refuse(over.message, 429, over.init);

  const auth = context.get(authContext);
  try {
    await auth.api.verifyPassword({
      body: { password: parsed.data.password },
      headers: authHeaders(request),
    });
  } catch (error) {
    const failure = readAuthFailure(error);
    if (!failure) throw error;
    return refuse("Incorrect password.", 400);
  }

  const counts = await erasePersonalData(
    context.get(databaseContext).db,
    user.email,
    "account",
    { erasedBy: "self", kind: "account-deletion" },
    storageDirsOf(context),
  );
  logger.info({ counts }, "account deleted by its holder");
  // The session row is gone already; this expires the cookie.
  const headers = await endSession(auth, request);
  return redirectWithToast(
    context,
    "/",
    {
      title: "Account deleted",
      description: "Your account and its data have been deleted. You are signed out.",
    },
    headers ? { headers } : undefined,
  );
}

const limits = constraintsOf(DeleteAccountSchema);

export default function DeleteAccount() {
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-ink">Delete your account</h1>
      <p className="mt-4 text-ink-soft">
        This deletes the account <strong className="break-all">{email}</strong> at once: your name, email
        address, password, every session on every device and the account emails we keep. It cannot be undone.
      </p>
      <p className="mt-3 text-ink-soft">
        Inquiries you sent through the contact form are not part of the account; we keep them for the period
        in our{" "}
        <Link to="/privacy#retention" className="text-accent-strong underline">
          privacy notice
        </Link>
        . To have them erased too, email {company.emails.privacy.address}.
      </p>
      <p className="mt-3">
        <a href="/account/data" download className="text-accent-strong underline">
          Download your account data first
        </a>
      </p>
      <Form method="post" className="mt-8 space-y-4" aria-label="Delete account">
        <PasswordField
          label="Your password"
          name="password"
          constraint={limits.password}
          autoComplete="current-password"
          error={actionData?.fieldErrors.password}
        />
        <div className="flex flex-wrap gap-3">
          <Link to="/account" className={buttonVariants({ variant: "secondary" })}>
            Cancel
          </Link>
          <Button type="submit" variant="destructive" disabled={busy}>
            {busy ? "Deleting…" : "Delete my account"}
          </Button>
        </div>
      </Form>
      <Toaster toast={actionData?.toast ?? null} />
    </main>
  );
}
