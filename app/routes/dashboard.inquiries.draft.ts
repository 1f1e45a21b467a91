import { data, href, redirect } from "react-router";
import { errorToast } from "~/components/toast";
import { DraftActionSchema } from "~/forms/reply-templates";
import { parseForm } from "~/forms/parse-form";
import { databaseContext } from "~/lib/context.server";
import { readFormData, refuseForeignForm } from "~/lib/http/form-data.server";
import { guardedUser } from "~/lib/http/guards.server";
import { redirectWithToast } from "~/lib/http/toast.server";
import { logFailure } from "~/lib/ops/failure-reference.server";
import type { Route } from "./+types/dashboard.inquiries.draft";
import { applyDraftAction, type DraftOutcome } from "~/routes/dashboard.inquiries.draft.server";

/** Saved as the admin types (`auto`, answered with data); without JavaScript every answer redirects back. */

export function loader({ params }: Route.LoaderArgs) {
  return redirect(href("/dashboard/inquiries/:id", { id: params.id }));
}

const DONE: Record<DraftOutcome, string> = {
  saved: "Draft saved",
  inserted: "Template inserted",
  discarded: "Draft discarded",
  "not-found": "This inquiry no longer exists.",
  "no-template": "That template no longer exists; your draft is kept.",
};

const DRAFT_INTENTS = DraftActionSchema.options.map((option) => option.shape.intent.value);

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = guardedUser(context);
  const formData = await readFormData(request);
  refuseForeignForm(formData, "intent", DRAFT_INTENTS);
  const auto = formData.get("auto") === "1";
  const back = href("/dashboard/inquiries/:id", { id: params.id });
  const fail = (description: string, status: number) =>
    auto
      ? data({ saved: false as const, error: description }, { status })
      : redirectWithToast(context, `${back}#reply-heading`, errorToast(description));
  const parsed = parseForm(DraftActionSchema, formData);
  if (!parsed.ok) return fail(parsed.first, 400);
  if (parsed.data.id !== params.id) return fail(DONE["not-found"], 404);
  let outcome: DraftOutcome;
  try {
    outcome = await applyDraftAction(context.get(databaseContext).db, parsed.data, user);
  } catch (error) {
    return fail(logFailure(error, "draft action failed", { intent: parsed.data.intent }), 500);
  }
  if (outcome === "not-found") return fail(DONE[outcome], 404);
  if (auto) return data({ saved: true as const, savedAt: new Date().toISOString() });
  if (outcome === "no-template") return fail(DONE[outcome], 400);
  return redirectWithToast(context, `${back}#reply-heading`, { title: DONE[outcome] });
}
