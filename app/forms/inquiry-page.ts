import { z } from "zod";
import { CARD_ACTIONS, IdSchema } from "~/forms/inbox";

/** The value of the confirmation step's field: a delete without it erases nothing. */
export const DELETE_CONFIRMATION = "erase";

/**
 * The lead page's own changes to an inquiry (read, spam, notes, delete),
 * beside the desk's (InquiryActionSchema): the same stored changes as the
 * inbox's cards, from the page of one lead.
 */
export const InquiryPageActionSchema = z.discriminatedUnion(
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
export type InquiryPageAction = z.output<typeof InquiryPageActionSchema>;
export type InquiryPageIntent = InquiryPageAction["intent"];

const INQUIRY_PAGE_INTENTS: readonly string[] = InquiryPageActionSchema.options.map(
  (option) => option.shape.intent.value,
);

export function isInquiryPageIntent(value: string): value is InquiryPageIntent {
  return INQUIRY_PAGE_INTENTS.includes(value);
}
