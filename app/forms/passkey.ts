import { z } from "zod";
import { requiredText, stripSingleLineControls } from "~/forms/single-line";

/** The name the owner gives a new passkey (empty: it is named after the device). */
const PASSKEY_NAME_MAX_LENGTH = 60;

export const PasskeyNameSchema = z.object({
  name: z
    .string()
    .overwrite(stripSingleLineControls)
    .trim()
    .max(PASSKEY_NAME_MAX_LENGTH, `A passkey name has at most ${PASSKEY_NAME_MAX_LENGTH} characters`),
});

/** Removing a passkey from the account page: its id, from a hidden field. */
export const RemovePasskeySchema = z.object({
  id: requiredText("No passkey was chosen.", 100),
});
