import { redirect } from "react-router";
import { endSession } from "~/lib/auth/auth.server";
import { redirectWithToast } from "~/lib/http/toast.server";
import type { Route } from "./+types/auth.sign-out";
import { authContext } from "~/lib/context.server";

/** Signing out changes state, so only a POST does it; a visit just goes home. */
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  // Without a (valid) session there is nothing to end, and no headers.
  const headers = await endSession(context.get(authContext), request);
  return redirectWithToast(
    context,
    "/",
    { title: "Signed out successfully" },
    headers ? { headers } : undefined,
  );
}
