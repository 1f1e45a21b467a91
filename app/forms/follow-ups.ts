import { z } from "zod";
import { FOLLOW_UP_TEXT_MAX_LENGTH, FOLLOW_UP_TIME_ZONE_LABEL } from "~/content/follow-ups";
import { fromUkLocal } from "~/lib/uk-time";

/** The lead page's follow-up forms: set (or move) the next step, or mark it done. */

const IdSchema = z.uuid({ error: "Unknown inquiry." });

const SetFollowUpSchema = z.object({
  intent: z.literal("set-follow-up"),
  id: IdSchema,
  /** A datetime-local value, read as UK time. */
  dueAt: z
    .string({ error: "Choose a date and time." })
    .trim()
    .min(1, "Choose a date and time.")
    .transform((value, ctx) => {
      const instant = fromUkLocal(value);
      if (!instant) {
        ctx.addIssue({ code: "custom", message: `Enter a date and time (${FOLLOW_UP_TIME_ZONE_LABEL}).` });
        return z.NEVER;
      }
      return instant;
    }),
  text: z
    .string({ error: "Say what the next step is." })
    .trim()
    .min(1, "Say what the next step is.")
    .max(FOLLOW_UP_TEXT_MAX_LENGTH, `Keep it to ${FOLLOW_UP_TEXT_MAX_LENGTH} characters.`),
  ownerId: z.string().trim().min(1, "Choose an admin.").max(200, "Choose an admin."),
});

const CompleteFollowUpSchema = z.object({ intent: z.literal("complete-follow-up"), id: IdSchema });

export const FollowUpActionSchema = z.discriminatedUnion(
  "intent",
  [SetFollowUpSchema, CompleteFollowUpSchema],
  {
    error: "Unknown action.",
  },
);
