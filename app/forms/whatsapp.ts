import { z } from "zod";
import { whatsAppLimits } from "~/content/whatsapp-limits";
import { IdSchema } from "~/forms/inbox";
import { requiredText } from "~/forms/single-line";

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
