import { z } from "zod";
import { CARD_ACTIONS, IdSchema } from "~/forms/inbox";

/** The value of the confirmation step's field: a delete without it erases nothing. */
export const DELETE_CONFIRMATION = "erase";

/**
 * The lead page's own changes to an inquiry (read, spam, notes, delete),
 * beside the desk's (LeadActionSchema): the same stored changes as the
 * inbox's cards, from the page of one lead.
 */
export const LeadPageActionSchema = z.discriminatedUnion(
  "intent",
  [
    ...CARD_ACTIONS,
    z.object({
      intent: z.literal("delete"),
      id: IdSchema,
      confirm: z.literal(DELETE_CONFIRMATION, { error: "Confirm the deletion first." }),
    }),
  ],
  { error: "Unknown action." },
);
export type LeadPageAction = z.output<typeof LeadPageActionSchema>;
export type LeadPageIntent = LeadPageAction["intent"];

const LEAD_PAGE_INTENTS: readonly string[] = LeadPageActionSchema.options.map(
  (option) => option.shape.intent.value,
);

export function isLeadPageIntent(value: string): value is LeadPageIntent {
  return LEAD_PAGE_INTENTS.includes(value);
}
