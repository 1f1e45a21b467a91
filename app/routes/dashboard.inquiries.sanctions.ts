import { href, redirect } from "react-router";
import { errorToast } from "~/components/toast";
import { parseForm } from "~/forms/parse-form";
import { SanctionsDecisionSchema } from "~/forms/sanctions";
import { databaseContext } from "~/lib/context.server";
import { readFormData, refuseForeignForm } from "~/lib/http/form-data.server";
import { guardedUser } from "~/lib/http/guards.server";
import { redirectWithToast } from "~/lib/http/toast.server";
import { logFailure } from "~/lib/ops/failure-reference.server";
import { logger } from "~/lib/ops/logger.server";
import { recordSanctionsDecision } from "~/lib/sanctions/decisions.server";
import type { Route } from "./+types/dashboard.inquiries.sanctions";

/** The answer is a redirect back to the inquiry page's sanctions section with what happened. */

export function loader({ params }: Route.LoaderArgs) {
  return redirect(href("/dashboard/inquiries/:id", { id: params.id }));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = guardedUser(context);
  const formData = await readFormData(request);
  refuseForeignForm(formData, "intent", ["sanctions-decision"]);
  const back = `${href("/dashboard/inquiries/:id", { id: params.id })}#sanctions-heading`;
  const fail = (description: string) => redirectWithToast(context, back, errorToast(description));
  const parsed = parseForm(SanctionsDecisionSchema, formData);
  if (!parsed.ok) return fail(parsed.first);
  const input = parsed.data;
  if (input.id !== params.id) return fail("This inquiry no longer exists.");
  const { db } = context.get(databaseContext);
  let outcome;
  try {
    outcome = await recordSanctionsDecision(db, {
      inquiryId: input.id,
      candidateId: input.candidateId,
      decision: input.decision,
      reason: input.reason,
      actorId: user.id,
    });
  } catch (error) {
    return fail(logFailure(error, "sanctions decision failed"));
  }
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
