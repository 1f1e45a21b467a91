import { z } from "zod";
import { NotesSchema } from "~/forms/inbox";

/**
 * The lead page's own changes to an inquiry (read, spam, notes, delete),
 * beside the desk's (LeadActionSchema): the same stored changes as the
 * inbox's cards, from the page of one lead.
 */
const IdSchema = z.uuid({ error: "Unknown inquiry." });

const LEAD_PAGE_INTENTS = [
  "mark-read",
  "mark-unread",
  "mark-spam",
  "mark-not-spam",
  "save-notes",
  "delete",
] as const;
export type LeadPageIntent = (typeof LEAD_PAGE_INTENTS)[number];

export function isLeadPageIntent(value: string): value is LeadPageIntent {
  return (LEAD_PAGE_INTENTS as readonly string[]).includes(value);
}

/** The value of the confirmation step's field: a delete without it erases nothing. */
export const DELETE_CONFIRMATION = "erase";

export const LeadPageActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("mark-read"), id: IdSchema }),
    z.object({ intent: z.literal("mark-unread"), id: IdSchema }),
    z.object({ intent: z.literal("mark-spam"), id: IdSchema }),
    z.object({ intent: z.literal("mark-not-spam"), id: IdSchema }),
    z.object({ intent: z.literal("save-notes"), id: IdSchema, notes: NotesSchema }),
    z.object({
      intent: z.literal("delete"),
      id: IdSchema,
      confirm: z.literal(DELETE_CONFIRMATION, { error: "Confirm the deletion first." }),
    }),
  ],
  { error: "Unknown action." },
);
export type LeadPageAction = z.output<typeof LeadPageActionSchema>;
