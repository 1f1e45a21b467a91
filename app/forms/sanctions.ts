import { z } from "zod";
import { SANCTIONS_REASON_MAX_LENGTH } from "~/content/sanctions";
import { IdSchema } from "~/forms/inbox";
import { multiLine, requiredText, stripNul } from "~/forms/single-line";

/** The lead page's decision on one possible UK Sanctions List match. */
export const SanctionsDecisionSchema = z.object({
  intent: z.literal("sanctions-decision"),
  id: IdSchema,
  candidateId: z.uuid({ error: "This possible match is no longer listed." }),
  decision: z.enum(["false_positive", "confirmed_match"], {
    error: "Choose false positive or confirmed match.",
  }),
  reason: multiLine(
    requiredText(
      "Say why: what you checked and what it showed.",
      SANCTIONS_REASON_MAX_LENGTH,
      `Keep the reason to ${SANCTIONS_REASON_MAX_LENGTH} characters.`,
    ).transform(stripNul),
  ),
});
