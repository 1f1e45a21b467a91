import { readVerificationLink } from "~/lib/auth/email-verification.server";
import { errorToast } from "~/components/toast";
import { redirectWithToast } from "~/lib/http/toast.server";
import type { Route } from "./+types/auth.verify-email";
import { databaseContext } from "~/lib/context.server";

/**
 * Opening the mail's link changes nothing: it opens the sign-in form, where the account's password
 * confirms the address, so a link never blesses a password its reader did not set.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = token ? await readVerificationLink(context.get(databaseContext).db, token) : null;
  if (!link) {
    return redirectWithToast(
      context,
      "/auth",
      errorToast(
        "This verification link is invalid or has expired. Sign in to get a new one.",
        "Verification failed",
      ),
    );
  }
  if (link.alreadyVerified) {
    return redirectWithToast(context, "/auth", {
      title: "Email already verified",
      description: "Please sign in.",
    });
  }
  return redirectWithToast(context, `/auth?${new URLSearchParams({ verify: token })}`, {
    title: "Confirm your email address",
    description: "Sign in with the password you chose to finish verifying your email address.",
  });
}
