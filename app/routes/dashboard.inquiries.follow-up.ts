import { href, redirect } from "react-router";
import { FollowUpActionSchema } from "~/forms/follow-ups";
import { redirectWithToast } from "~/lib/http/toast.server";
import { completeFollowUp, setFollowUp } from "~/lib/inquiries/follow-ups.server";
import { logger } from "~/lib/ops/logger.server";
import type { Route } from "./+types/dashboard.inquiries.follow-up";
import { readLeadSectionPost } from "~/routes/lead-section-post.server";

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
  const post = await readLeadSectionPost(context, request, params.id, {
    intents: FOLLOW_UP_INTENTS,
    schema: FollowUpActionSchema,
    anchor: "follow-up-heading",
  });
  if (post instanceof Response) return post;
  const { user, input, back, fail, attempt } = post;
  const outcome = await attempt("follow-up action failed", (db) =>
    input.intent === "set-follow-up"
      ? setFollowUp(db, {
          inquiryId: input.id,
          dueAt: input.dueAt,
          text: input.text,
          ownerId: input.ownerId,
          actorId: user.id,
        })
      : completeFollowUp(db, { inquiryId: input.id, actorId: user.id }),
  );
  if (outcome instanceof Response) return outcome;
  if (outcome === "not-found") {
    return fail(
      input.intent === "set-follow-up" ? "This inquiry no longer exists." : "There is no open follow-up.",
    );
  }
  if (outcome === "not-an-admin") return fail("Only admins can own follow-ups.");
  logger.info({ intent: input.intent, inquiryId: input.id, adminId: user.id }, "follow-up action");
  return redirectWithToast(context, back, { title: DONE[outcome] });
}
