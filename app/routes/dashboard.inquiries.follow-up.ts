import { href, redirect } from "react-router";
import { errorToast } from "~/components/toast";
import { FollowUpActionSchema } from "~/forms/follow-ups";
import { parseForm } from "~/forms/parse-form";
import { databaseContext } from "~/lib/context.server";
import { readFormData, refuseForeignForm } from "~/lib/http/form-data.server";
import { guardedUser } from "~/lib/http/guards.server";
import { redirectWithToast } from "~/lib/http/toast.server";
import { completeFollowUp, setFollowUp } from "~/lib/inquiries/follow-ups.server";
import { logFailure } from "~/lib/ops/failure-reference.server";
import { logger } from "~/lib/ops/logger.server";
import type { Route } from "./+types/dashboard.inquiries.follow-up";

/** The answer is a redirect back to the inquiry page with what happened, or what was wrong. */

export function loader({ params }: Route.LoaderArgs) {
  return redirect(href("/dashboard/inquiries/:id", { id: params.id }));
}

const DONE = {
  set: "Follow-up set",
  moved: "Follow-up moved",
  unchanged: "Nothing changed",
  done: "Follow-up done",
} as const;

const FOLLOW_UP_INTENTS = FollowUpActionSchema.options.map((option) => option.shape.intent.value);

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = guardedUser(context);
  const formData = await readFormData(request);
  refuseForeignForm(formData, "intent", FOLLOW_UP_INTENTS);
  const back = `${href("/dashboard/inquiries/:id", { id: params.id })}#follow-up-heading`;
  const fail = (description: string) => redirectWithToast(context, back, errorToast(description));
  const parsed = parseForm(FollowUpActionSchema, formData);
  if (!parsed.ok) return fail(parsed.first);
  const input = parsed.data;
  if (input.id !== params.id) return fail("This inquiry no longer exists.");
  const { db } = context.get(databaseContext);
  let outcome;
  try {
    outcome =
      input.intent === "set-follow-up"
        ? await setFollowUp(db, {
            inquiryId: input.id,
            dueAt: input.dueAt,
            text: input.text,
            ownerId: input.ownerId,
            actorId: user.id,
          })
        : await completeFollowUp(db, { inquiryId: input.id, actorId: user.id });
  } catch (error) {
    return fail(logFailure(error, "follow-up action failed", { intent: input.intent }));
  }
  if (outcome === "not-found") {
    return fail(
      input.intent === "set-follow-up" ? "This inquiry no longer exists." : "There is no open follow-up.",
    );
  }
  if (outcome === "not-an-admin") return fail("Only admins can own follow-ups.");
  logger.info({ intent: input.intent, inquiryId: input.id, adminId: user.id }, "follow-up action");
  return redirectWithToast(context, back, { title: DONE[outcome] });
}
