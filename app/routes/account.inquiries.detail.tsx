import { data, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import { ClientPage } from "~/components/client/client-page";
import { brandTitle } from "~/content/company";
import { databaseContext, type AppContext } from "~/lib/context.server";
import { guardedUser } from "~/lib/http/guards.server";
import { accountOpensInquiry } from "~/lib/kyc/account-inquiries.server";
import type { Route } from "./+types/account.inquiries.detail";
import { clientPageAction, loadClientPage } from "~/routes/client.server";

export const meta: Route.MetaFunction = () => [
  { title: brandTitle("Your inquiry") },
  { name: "robots", content: "noindex" },
];

/**
 * The inquiry this account may open, or a 404: the same answer whether it does not exist or is someone else's,
 * so an account cannot learn which inquiries exist.
 */
async function guardedAccountInquiry(context: AppContext, id: string | undefined): Promise<string> {
  const inquiryId = z.uuid().safeParse(id);
  if (
    !inquiryId.success ||
    !(await accountOpensInquiry(context.get(databaseContext).db, guardedUser(context).id, inquiryId.data))
  ) {
    throw data("Not found", { status: 404 });
  }
  return inquiryId.data;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const inquiryId = await guardedAccountInquiry(context, params.id);
  const page = await loadClientPage(context, inquiryId);
  if (!page) throw data("Not found", { status: 404 });
  return data(page, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const inquiryId = await guardedAccountInquiry(context, params.id);
  const result = await clientPageAction(context, request, inquiryId);
  return data(result, { status: result.ok ? 200 : 400, headers: { "Cache-Control": "private, no-store" } });
}

export default function AccountInquiryRoute() {
  return <ClientPage page={useLoaderData<typeof loader>()} result={useActionData<typeof action>()} />;
}
