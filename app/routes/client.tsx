import { data, useActionData, useLoaderData } from "react-router";
import { ClientPage } from "~/components/client/client-page";
import { brandTitle } from "~/content/company";
import { guardedClientInquiry } from "~/lib/kyc/client-session.server";
import type { Route } from "./+types/client";
import { clientPageAction, loadClientPage } from "~/routes/client.server";

export const meta: Route.MetaFunction = () => [
  { title: brandTitle("Your inquiry") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const inquiryId = await guardedClientInquiry(context, request);
  const page = await loadClientPage(context, inquiryId);
  if (!page) throw data("This inquiry no longer exists.", { status: 404 });
  return data(page, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const inquiryId = await guardedClientInquiry(context, request);
  const result = await clientPageAction(context, request, inquiryId);
  return data(result, { status: result.ok ? 200 : 400, headers: { "Cache-Control": "private, no-store" } });
}

export default function ClientRoute() {
  return <ClientPage page={useLoaderData<typeof loader>()} result={useActionData<typeof action>()} />;
}
