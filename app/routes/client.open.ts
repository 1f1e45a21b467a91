import { redirect } from "react-router";
import { envContext } from "~/lib/context.server";
import { clientCookie, openLinkOrRefuse } from "~/lib/kyc/client-session.server";
import type { Route } from "./+types/client.open";

/** The mailed link: checked, then kept in the page's cookie, so the token leaves the address bar and history. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const token = params.token ?? "";
  await openLinkOrRefuse(context, token);
  const cookie = clientCookie(context.get(envContext).SITE_URL);
  return redirect("/client", {
    headers: { "Set-Cookie": await cookie.serialize(token), "Referrer-Policy": "no-referrer" },
  });
}
