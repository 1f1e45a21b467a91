import { z } from "zod";
import { requiredText } from "~/forms/single-line";
import { INBOX_LAYOUT_VALUES, parseInboxFilter, inboxSearchParams } from "~/forms/inbox";

export const VIEW_NAME_MAX_LENGTH = 60;
/** Saved views an admin may keep; the navigation counts each one. */
export const SAVED_VIEWS_MAX = 20;

/**
 * Where to go back to after a workspace action: an inbox URL's query string,
 * cleaned through the inbox filter so nothing but a view travels in it.
 */
const BackSchema = z
  .string()
  .max(2000)
  .optional()
  .transform((value) => viewQuery(value ?? ""));

/** A query string reduced to the view it names (filter and sort; not the page or a single inquiry). */
export function viewQuery(search: string): string {
  const filter = parseInboxFilter(new URLSearchParams(search));
  return inboxSearchParams({ ...filter, page: 1, inquiry: undefined, asOf: undefined }).toString();
}

export const SetLayoutSchema = z.object({
  layout: z.enum(INBOX_LAYOUT_VALUES, { error: "Choose the list or the cards." }),
  back: BackSchema,
});

const SaveViewSchema = z.object({
  intent: z.literal("save"),
  name: requiredText(
    "Give the view a name.",
    VIEW_NAME_MAX_LENGTH,
    `A view's name is at most ${VIEW_NAME_MAX_LENGTH} characters.`,
  ),
  /** A checkbox: present ("on") when the view is for the whole team. */
  shared: z.preprocess((value) => value === "on" || value === "true", z.boolean()),
  back: BackSchema,
});

const DeleteViewSchema = z.object({
  intent: z.literal("delete"),
  id: z.uuid({ error: "Unknown view." }),
  back: BackSchema,
});

export const SavedViewActionSchema = z.discriminatedUnion("intent", [SaveViewSchema, DeleteViewSchema], {
  error: "Unknown action.",
});
export type SavedViewAction = z.output<typeof SavedViewActionSchema>;
