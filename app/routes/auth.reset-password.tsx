import { and, eq, gt } from "drizzle-orm";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { verification } from "~db/auth-schema";
import { NewPasswordFields } from "~/components/form-fields";
import { errorToast, type Toast, Toaster } from "~/components/toast";
import { SubmitButton } from "~/components/ui/button";
import { brandTitle } from "~/content/company";
import { ResetPasswordSchema } from "~/forms/auth";
import { constraintsOf, type FieldErrors, parseForm } from "~/forms/parse-form";
import { authLimitRefusal } from "~/lib/auth/auth-limits.server";
import { readAuthFailure } from "~/lib/auth/auth.server";
import { redirectWithToast } from "~/lib/http/toast.server";
import { findResetTokenOwner } from "~/lib/auth/email-verification.server";
import { checkNewPasswordStrength } from "~/lib/auth/password-strength.server";
import { recordAdminPasswordLength } from "~/lib/auth/roles.server";
import type { Route } from "./+types/auth.reset-password";
import { readFormData } from "~/lib/http/form-data.server";
import { authContext, databaseContext } from "~/lib/context.server";
import type { Db } from "~/lib/db/db.server";

export const meta: Route.MetaFunction = () => [
  { title: brandTitle("Choose a new password") },
  { name: "robots", content: "noindex" },
];

async function isUsableToken(db: Db, token: string): Promise<boolean> {
  if (token === "" || token.length > 200) return false;
  const rows = await db
    .select({ id: verification.id })
    .from(verification)
    .where(
      and(eq(verification.identifier, `reset-password:${token}`), gt(verification.expiresAt, new Date())),
    )
    .limit(1);
  return rows.length > 0;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, valid: await isUsableToken(context.get(databaseContext).db, token) };
}

interface ResetActionData {
  fieldErrors?: FieldErrors<"token" | "password" | "confirmPassword">;
  expired?: boolean;
  toast: Toast;
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(ResetPasswordSchema, await readFormData(request));
  if (!parsed.ok) {
    const { fieldErrors, first } = parsed;
    return data<ResetActionData>({ fieldErrors, toast: errorToast(first) }, { status: 400 });
  }
  const over = await authLimitRefusal(context, "reset-password");
  if (over) {
    const toast = errorToast(over.message, "Password not changed");
    return data<ResetActionData>({ toast }, { ...over.init, status: 429 });
  }
  // After the spec's checks: nobody a guessable password. The same rules for
  // every account: an admin's shorter password closes the admin area instead
  // (recorded below), or this answer would tell whose account is an admin.
  const { db } = context.get(databaseContext);
  const owner = await findResetTokenOwner(db, parsed.data.token);
  if (owner) {
    const weak = await checkNewPasswordStrength(parsed.data.password, { ...owner, admin: false });
    if (weak) {
      return data<ResetActionData>(
        { fieldErrors: { password: weak }, toast: errorToast(weak) },
        { status: 400 },
      );
    }
  }
  const auth = context.get(authContext);
  try {
    // Also ends every session of the account (revokeSessionsOnPasswordReset).
    await auth.api.resetPassword({ body: { newPassword: parsed.data.password, token: parsed.data.token } });
  } catch (error) {
    const failure = readAuthFailure(error);
    if (!failure) throw error;
    const expired = failure.code === "INVALID_TOKEN" || failure.code === "USER_NOT_FOUND";
    return data<ResetActionData>(
      {
        expired,
        toast: errorToast(
          expired ? "This reset link is invalid or has expired." : failure.message,
          "Password not changed",
        ),
      },
      { status: 400 },
    );
  }
  if (owner) await recordAdminPasswordLength(db, owner.id, parsed.data.password);
  return redirectWithToast(context, "/auth", {
    title: "Password updated",
    description: "Please sign in with your new password.",
  });
}

function InvalidLink() {
  return (
    <div className="space-y-4 text-center">
      <p className="text-ink-soft">This reset link is invalid, has been used or has expired.</p>
      <Link to="/auth/forgot-password" className="font-medium text-accent-strong underline">
        Request a new link
      </Link>
    </div>
  );
}

const limits = constraintsOf(ResetPasswordSchema);

export default function ResetPassword() {
  const { token, valid } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.fieldErrors;
  return (
    <main id="main" className="bg-surface-muted px-4 py-16">
      <div className="mx-auto max-w-md">
        <h1 className="text-center text-3xl font-bold tracking-tight text-ink">Choose a new password</h1>
        <div className="mt-8 rounded-xl border border-line bg-surface p-6 shadow-sm sm:p-8">
          {valid && !actionData?.expired ? (
            <Form method="post" className="space-y-4">
              <input type="hidden" name="token" value={token} />
              <NewPasswordFields constraints={limits} errors={errors} />
              <SubmitButton busy={busy} label="Set new password" busyLabel="Saving..." />
            </Form>
          ) : (
            <InvalidLink />
          )}
        </div>
      </div>
      <Toaster toast={actionData?.toast} />
    </main>
  );
}
