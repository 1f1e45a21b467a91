import { z } from "zod";
import { REPLY_BODY_MAX_LENGTH, REPLY_SUBJECT_MAX_LENGTH } from "~/content/inquiry-desk";
import { REPLY_TEMPLATE_LIMITS } from "~/content/reply-placeholders";
import { placeholderProblem } from "~/lib/inquiries/reply-text";
import { IdSchema } from "~/forms/inbox";
import { multiLine, requiredText } from "~/forms/single-line";

/** The template editor's form and the composer's; an unknown placeholder is a field error on save. */

const placeholdersOk = (value: string, ctx: z.core.$RefinementCtx<string>) => {
  const problem = placeholderProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
};

export const ReplyTemplateSchema = z.object({
  name: requiredText(
    "Give the template a name.",
    REPLY_TEMPLATE_LIMITS.name,
    `The name must be at most ${REPLY_TEMPLATE_LIMITS.name} characters.`,
  ),
  subject: multiLine(
    requiredText(
      "Write a subject.",
      REPLY_TEMPLATE_LIMITS.subject,
      `The subject must be at most ${REPLY_TEMPLATE_LIMITS.subject} characters.`,
    ).superRefine(placeholdersOk),
  ),
  body: multiLine(
    requiredText(
      "Write the template's text.",
      REPLY_TEMPLATE_LIMITS.body,
      `The text must be at most ${REPLY_TEMPLATE_LIMITS.body} characters.`,
    ).superRefine(placeholdersOk),
  ),
});
export type ReplyTemplateInput = z.output<typeof ReplyTemplateSchema>;

/** The composer's words as typed: kept as they are (no trim), only bounded. */
const draftText = (max: number, what: string) =>
  multiLine(z.string().max(max, `The ${what} must be at most ${max} characters.`).default(""));

const DraftFields = {
  id: IdSchema,
  subject: draftText(REPLY_SUBJECT_MAX_LENGTH, "subject"),
  body: draftText(REPLY_BODY_MAX_LENGTH, "reply"),
};

/**
 * What the composer posts to its draft route: save (typed, or saved as
 * you type: `auto` answers with data, not a redirect), insert a template
 * (merged into the posted text on the server), or discard.
 */
export const DraftActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("save-draft"), ...DraftFields, auto: z.enum(["", "1"]).default("") }),
    z.object({
      intent: z.literal("insert-template"),
      ...DraftFields,
      template: z.uuid({ error: "Choose a template." }),
    }),
    z.object({ intent: z.literal("discard-draft"), id: DraftFields.id }),
  ],
  { error: "Unknown action." },
);
export type DraftAction = z.output<typeof DraftActionSchema>;
