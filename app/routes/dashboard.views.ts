import { href, redirect } from "react-router";
import { errorToast } from "~/components/toast";
import { type SavedViewAction, SavedViewActionSchema, viewQuery } from "~/forms/workspace";
import { parseForm } from "~/forms/parse-form";
import { databaseContext } from "~/lib/context.server";
import type { Db } from "~/lib/db/db.server";
import { readFormData, refuseForeignForm } from "~/lib/http/form-data.server";
import { guardedUser } from "~/lib/http/guards.server";
import { redirectWithToast } from "~/lib/http/toast.server";
import { logger } from "~/lib/ops/logger.server";
import { deleteOwnView, saveView, TooManyViewsError } from "~/lib/workspace/saved-views.server";
import type { Route } from "./+types/dashboard.views";

function inboxUrl(query: string): string {
  return query ? `${href("/dashboard")}?${query}` : href("/dashboard");
}

/** What the action did, as the toast says it; null when there was nothing of the admin's to delete. */
async function apply(db: Db, action: SavedViewAction, userId: string): Promise<string | null> {
  if (action.intent === "save") {
    await saveView(db, { ownerId: userId, name: action.name, query: action.back, shared: action.shared });
    return action.shared ? `Saved "${action.name}" for the team` : `Saved "${action.name}"`;
  }
  return (await deleteOwnView(db, action.id, userId)) ? "View deleted" : null;
}

/**
 * Saves the inbox view the admin is on (its filter and sort, from `back`)
 * under a name, or deletes one of their own views. Either way back to the
 * inbox, the view kept; a refusal comes back as the toast.
 */
const VIEW_INTENTS = SavedViewActionSchema.options.map((option) => option.shape.intent.value);

export async function action({ request, context }: Route.ActionArgs) {
  const user = guardedUser(context);
  const formData = await readFormData(request);
  refuseForeignForm(formData, "intent", VIEW_INTENTS);
  const parsed = parseForm(SavedViewActionSchema, formData);
  // The view is kept even when the rest of the form is refused.
  const back = inboxUrl(parsed.ok ? parsed.data.back : viewQuery(String(formData.get("back") ?? "")));
  const refuse = (description: string) => redirectWithToast(context, back, errorToast(description));
  if (!parsed.ok) return refuse(parsed.first);
  try {
    const database = context.get(databaseContext);
    const done = await apply(database.db, parsed.data, user.id);
    if (done === null) return refuse("Only your own views can be deleted.");
    logger.info({ intent: parsed.data.intent, adminId: user.id }, "saved view");
    return redirectWithToast(context, back, { title: done });
  } catch (error) {
    if (error instanceof TooManyViewsError) return refuse(error.message);
    throw error;
  }
}

export function loader() {
  return redirect(href("/dashboard"));
}
