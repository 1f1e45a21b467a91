import { href, redirect } from "react-router";
import { errorToast } from "~/components/toast";
import { SetLayoutSchema, viewQuery } from "~/forms/workspace";
import { parseForm } from "~/forms/parse-form";
import { databaseContext } from "~/lib/context.server";
import { readFormData, refuseForeignForm } from "~/lib/http/form-data.server";
import { guardedUser } from "~/lib/http/guards.server";
import { redirectWithToast } from "~/lib/http/toast.server";
import { saveInboxLayout } from "~/lib/workspace/preferences.server";
import type { Route } from "./+types/dashboard.layout-choice";

function inboxUrl(query: string): string {
  return query ? `${href("/dashboard")}?${query}` : href("/dashboard");
}

/** The inbox as a list or as cards, remembered for the account; back to the same view. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = guardedUser(context);
  const formData = await readFormData(request);
  refuseForeignForm(formData, "layout");
  const parsed = parseForm(SetLayoutSchema, formData);
  if (!parsed.ok) {
    const back = inboxUrl(viewQuery(String(formData.get("back") ?? "")));
    return redirectWithToast(context, back, errorToast(parsed.first));
  }
  const database = context.get(databaseContext);
  await saveInboxLayout(database.db, user.id, parsed.data.layout);
  return redirectWithToast(context, inboxUrl(parsed.data.back), {
    title: parsed.data.layout === "list" ? "Showing the list" : "Showing cards",
  });
}

/** Nothing to show: a GET (a typed URL) goes to the inbox. */
export function loader() {
  return redirect(href("/dashboard"));
}
