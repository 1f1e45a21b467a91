import { z } from "zod";
import { EmailOnlySchema, PASSWORD_MAX_LENGTH } from "~/forms/auth";

/** The address a rights request is about (dashboard, /dashboard/privacy). */
export const RightsRequestSchema = EmailOnlySchema;

/** Erasing after the confirmation step. */
export const EraseRequestSchema = EmailOnlySchema.extend({ intent: z.literal("erase") });

export const DeleteAccountSchema = z.object({
  password: z
    .string({ error: "Enter your password to confirm." })
    .min(1, "Enter your password to confirm.")
    .max(PASSWORD_MAX_LENGTH, "Incorrect password."),
});
