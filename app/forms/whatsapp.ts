import { z } from "zod";
import { whatsAppLimits } from "~/content/whatsapp-limits";
import { IdSchema } from "~/forms/inbox";
import { multiLine, requiredText } from "~/forms/single-line";

/** A template parameter: one line, as Meta refuses line breaks and long runs of spaces in them. */
const ParameterSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, " ").trim())
  .pipe(
    z.string().min(1, "Fill in every part of the template.").max(1000, "Keep each part to 1,000 characters."),
  );

/** The lead page's WhatsApp reply: free text inside the customer-service window, an approved template after it. */
export const WhatsAppReplySchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("whatsapp-text"),
      id: IdSchema,
      body: requiredText(
        "Write the message.",
        whatsAppLimits.textChars,
        `Keep it to ${whatsAppLimits.textChars.toLocaleString("en-GB")} characters.`,
      ),
    }),
    z.object({
      intent: z.literal("whatsapp-template"),
      id: IdSchema,
      templateId: z.uuid({ error: "Choose a template." }),
      parameters: z.array(ParameterSchema).max(20).default([]),
    }),
  ],
  { error: "Unknown action." },
);

/** Moves a message the number could not place to one of the inquiries its number also matched. */
export const WhatsAppMoveSchema = z.object({
  intent: z.literal("whatsapp-move", { error: "Unknown action." }),
  id: IdSchema,
  messageId: z.uuid({ error: "That message no longer exists." }),
  to: IdSchema,
});

/** The {{n}} numbers a template body uses, each once, in order of first use. */
function templateParameterNumbers(body: string): number[] {
  return [...new Set([...body.matchAll(/\{\{(\d+)\}\}/g)].map((match) => Number(match[1])))];
}

/**
 * A template as approved in WhatsApp Manager, kept in the desk: its name and
 * language exactly as Meta has them, the approved text, and a label for each
 * {{1}}…{{n}} (one a line) that the reply form asks for.
 */
export const WhatsAppTemplateSchema = z
  .object({
    name: requiredText(
      "Give the template's name as in WhatsApp Manager.",
      whatsAppLimits.templateNameChars,
      `The name must be at most ${whatsAppLimits.templateNameChars} characters.`,
    ).regex(/^[a-z0-9_]+$/, "Meta's template names are lower-case letters, digits and underscores."),
    language: requiredText("Give the template's language code.", 15).regex(
      /^[a-z]{2,3}(_[A-Z]{2})?$/,
      "A language code as Meta writes it: en, en_GB, fr…",
    ),
    body: multiLine(
      requiredText(
        "Write the approved text.",
        whatsAppLimits.templateBodyChars,
        `The text must be at most ${whatsAppLimits.templateBodyChars} characters.`,
      ),
    ),
    parameters: multiLine(z.string().max(4000, "Keep the labels shorter.").default("")).transform((value) =>
      value
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line !== ""),
    ),
  })
  .superRefine((template, ctx) => {
    const numbers = templateParameterNumbers(template.body);
    const inOrder = [...numbers].sort((a, b) => a - b).every((number, index) => number === index + 1);
    if (!inOrder || numbers.length > whatsAppLimits.templateParameters) {
      ctx.addIssue({
        code: "custom",
        path: ["body"],
        message: `Number the parts {{1}}, {{2}}… without gaps, at most ${whatsAppLimits.templateParameters}.`,
      });
    } else if (template.parameters.length !== numbers.length) {
      ctx.addIssue({
        code: "custom",
        path: ["parameters"],
        message: `Give one label a line for each part of the text: ${numbers.length} here.`,
      });
    }
  });
export type WhatsAppTemplateInput = z.output<typeof WhatsAppTemplateSchema>;
