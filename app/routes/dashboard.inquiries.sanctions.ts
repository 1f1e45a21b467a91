import { href, redirect } from "react-router";
import { SanctionsDecisionSchema } from "~/forms/sanctions";
import { redirectWithToast } from "~/lib/http/toast.server";
import { logger } from "~/lib/ops/logger.server";
import { recordSanctionsDecision } from "~/lib/sanctions/decisions.server";
import type { Route } from "./+types/dashboard.inquiries.sanctions";
import { readLeadSectionPost } from "~/routes/lead-section-post.server";

/** The answer is a redirect back to the inquiry page's sanctions section with what happened. */

export function loader({ params }: Route.LoaderArgs) {
  return redirect(href("/dashboard/inquiries/:id", { id: params.id }));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const post = await readLeadSectionPost(context, request, params.id, {
    intents: ["sanctions-decision"],
    schema: SanctionsDecisionSchema,
    anchor: "sanctions-heading",
  });
  if (post instanceof Response) return post;
  const { user, input, back, fail, attempt } = post;
  const outcome = await attempt("sanctions decision failed", (db) =>
    recordSanctionsDecision(db, {
      inquiryId: input.id,
      candidateId: input.candidateId,
      decision: input.decision,
      reason: input.reason,
      actorId: user.id,
    }),
  );
  if (outcome instanceof Response) return outcome;
  if (outcome === "not-found")
    return fail("This possible match is no longer listed: the lead was screened again.");
  logger.info({ inquiryId: input.id, adminId: user.id, decision: input.decision }, "sanctions decision");
  return redirectWithToast(context, back, {
    title:
      input.decision === "confirmed_match"
        ? "Match confirmed: the lead is blocked"
        : "Recorded as a false positive",
  });
}
