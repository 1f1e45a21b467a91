import { redirect } from "react-router";
import { authHeaders, readAuthFailure } from "~/lib/auth/auth.server";
import { redirectWithToast } from "~/lib/http/toast.server";
import type { Route } from "./+types/auth.sign-out";
import { authContext } from "~/lib/context.server";

/** Signing out changes state, so only a POST does it; a visit just goes home. */
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const auth = context.get(authContext);
  let headers: Headers | undefined;
  try {
    // Deletes the session row and expires the cookie.
    ({ headers } = await auth.api.signOut({ headers: authHeaders(request), returnHeaders: true }));
  } catch (error) {
    // No (valid) session: there is nothing to end.
    if (!readAuthFailure(error)) throw error;
  }
  return redirectWithToast(
    context,
    "/",
    { title: "Signed out successfully" },
    headers ? { headers } : undefined,
  );
}
