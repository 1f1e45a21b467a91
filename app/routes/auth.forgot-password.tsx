import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { TextField } from "~/components/form-fields";
import { errorToast, type Toast, Toaster } from "~/components/toast";
import { SubmitButton } from "~/components/ui/button";
import { brandTitle } from "~/content/company";
import { EmailOnlySchema } from "~/forms/auth";
import { constraintsOf, type FieldErrors, parseForm } from "~/forms/parse-form";
import { authLimitRefusal } from "~/lib/auth/auth-limits.server";
import { authHeaders, readAuthFailure } from "~/lib/auth/auth.server";
import { logger } from "~/lib/ops/logger.server";
import { redirectWithToast } from "~/lib/http/toast.server";
import type { Route } from "./+types/auth.forgot-password";
import { readFormData } from "~/lib/http/form-data.server";
import { authContext, clientIpContext } from "~/lib/context.server";

export const meta: Route.MetaFunction = () => [
  { title: brandTitle("Reset your password") },
  { name: "robots", content: "noindex" },
];

interface ForgotActionData {
  email: string;
  fieldErrors?: FieldErrors<"email">;
  toast: Toast;
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(EmailOnlySchema, await readFormData(request));
  if (!parsed.ok) {
    return data<ForgotActionData>(
      {
        email: parsed.values.email,
        fieldErrors: parsed.fieldErrors,
        toast: errorToast(parsed.first),
      },
      { status: 400 },
    );
  }
  const { email } = parsed.data;
  const over = await authLimitRefusal(context, "request-reset", email);
  if (over) {
    const toast = errorToast(over.message, "Could not send the link");
    return data<ForgotActionData>({ email, toast }, { ...over.init, status: 429 });
  }
  const auth = context.get(authContext);
  try {
    await auth.api.requestPasswordReset({
      body: { email },
      headers: authHeaders(request, context.get(clientIpContext)),
    });
  } catch (error) {
    if (!readAuthFailure(error)) throw error;
    logger.warn({ err: error }, "password reset request refused");
  }
  // The same answer whether or not an account exists.
  return redirectWithToast(context, "/auth", {
    title: "Check your email",
    description: "If an account exists for that address, we've sent a link to reset the password.",
  });
}

const limits = constraintsOf(EmailOnlySchema);

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <main id="main" className="bg-surface-muted px-4 py-16">
      <div className="mx-auto max-w-md">
        <h1 className="text-center text-3xl font-bold tracking-tight text-ink">Reset your password</h1>
        <p className="mt-2 text-center text-ink-muted">
          Enter the email address of your account and we'll send you a link to choose a new password.
        </p>
        <div className="mt-8 rounded-xl border border-line bg-surface p-6 shadow-sm sm:p-8">
          <Form method="post" className="space-y-4">
            <TextField
              label="Email"
              name="email"
              constraint={limits.email}
              autoComplete="email"
              defaultValue={actionData?.email}
              error={actionData?.fieldErrors?.email}
            />
            <SubmitButton busy={busy} label="Send reset link" busyLabel="Sending..." />
          </Form>
          <p className="mt-6 text-center text-sm">
            <Link to="/auth" className="font-medium text-accent-strong underline">
              Back to sign in
            </Link>
          </p>
        </div>
      </div>
      <Toaster toast={actionData?.toast} />
    </main>
  );
}
