import { authHeaders, getAuth, readAuthFailure } from "~/lib/auth.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/auth-verify-email";

/**
 * The link in the verification mail. A valid token verifies the address
 * (granting the admin role if it is in ADMIN_EMAILS), signs the user in and
 * lands on the home page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const invalid = {
    title: "Verification failed",
    description: "This verification link is invalid or has expired. Sign in to get a new one.",
    variant: "destructive" as const,
  };
  if (!token || token.length > 2000) return redirectWithToast("/auth", invalid);

  const auth = await getAuth();
  try {
    const { headers } = await auth.api.verifyEmail({
      query: { token },
      headers: authHeaders(request, context.clientIp),
      returnHeaders: true,
    });
    if (headers.getSetCookie().some((cookie) => cookie.includes("session_token="))) {
      return redirectWithToast(
        "/",
        { title: "Email verified", description: "Your account is ready and you are signed in." },
        { headers },
      );
    }
    // An address verified earlier: the link does not sign in a second time.
    return redirectWithToast("/auth", { title: "Email already verified", description: "Please sign in." });
  } catch (error) {
    if (!readAuthFailure(error)) throw error;
    return redirectWithToast("/auth", invalid);
  }
}
