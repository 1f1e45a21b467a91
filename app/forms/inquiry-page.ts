import { z } from "zod";
import { CARD_ACTIONS, IdSchema } from "~/forms/inbox";

/** The value of the confirmation step's field: a delete without it erases nothing. */
export const DELETE_CONFIRMATION = "erase";

/** The inquiry page's read, spam, notes and delete: the same changes as the inbox's cards. */
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
