import { z } from "zod";
import { IdSchema } from "~/forms/inbox";
import { UserIdSchema } from "~/forms/inquiry-desk";
import { requiredText } from "~/forms/single-line";
import { FOLLOW_UP_TEXT_MAX_LENGTH, FOLLOW_UP_TIME_ZONE_LABEL } from "~/content/follow-ups";
import { fromUkLocal } from "~/lib/uk-time";

/** The lead page's follow-up forms: set (or move) the next step, or mark it done. */

const SetFollowUpSchema = z.object({
  intent: z.literal("set-follow-up"),
  id: IdSchema,
  /** A datetime-local value, read as UK time. */
  dueAt: requiredText("Choose a date and time.", 100).transform((value, ctx) => {
    const instant = fromUkLocal(value);
    if (!instant) {
      ctx.addIssue({ code: "custom", message: `Enter a date and time (${FOLLOW_UP_TIME_ZONE_LABEL}).` });
      return z.NEVER;
    }
    return instant;
  }),
  text: requiredText(
    "Say what the next step is.",
    FOLLOW_UP_TEXT_MAX_LENGTH,
    `Keep it to ${FOLLOW_UP_TEXT_MAX_LENGTH} characters.`,
  ),
  ownerId: UserIdSchema,
});

const CompleteFollowUpSchema = z.object({ intent: z.literal("complete-follow-up"), id: IdSchema });

export const FollowUpActionSchema = z.discriminatedUnion(
  "intent",
  [SetFollowUpSchema, CompleteFollowUpSchema],
  { error: "Unknown action." },
);
