import { z } from "zod";
import {
  LICENCE_CHECK_RESULT_VALUES,
  LICENCE_REGISTER_VALUES,
  LICENCE_TYPE_VALUES,
  LICENCE_TYPES,
  LICENCE_REGISTERS,
  licenceCheckLimits,
} from "~/content/licence-checks";
import { IdSchema } from "~/forms/inbox";
import { multiLine, requiredText, stripNul, stripSingleLineControls } from "~/forms/single-line";
import { londonDate } from "~/lib/uk-time";

const blankToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

const LATEST_DATE = "2099-12-31";

const isoDate = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the date as YYYY-MM-DD.")
    .refine((value) => {
      const parsed = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
    }, "Enter a real date.")
    .refine((value) => value <= LATEST_DATE, `Enter a date before ${LATEST_DATE}.`);

const singleLine = (message: string, max: number, tooLong: string) =>
  z.preprocess(
    (value) => (typeof value === "string" ? stripSingleLineControls(value) : value),
    requiredText(message, max, tooLong),
  );

/** One licence check recorded on the lead page. The date checked is a UK day, never in the future. */
export const LicenceCheckSchema = z
  .object({
    intent: z.literal("licence-check"),
    id: IdSchema,
    licenceType: z.enum(LICENCE_TYPE_VALUES, { error: "Choose the type of licence." }),
    licenceNumber: singleLine(
      "Enter the licence number as the register shows it.",
      licenceCheckLimits.numberChars,
      `Keep the licence number to ${licenceCheckLimits.numberChars} characters.`,
    ),
    holder: singleLine(
      "Enter the licence holder's name as the register shows it.",
      licenceCheckLimits.holderChars,
      `Keep the holder's name to ${licenceCheckLimits.holderChars} characters.`,
    ),
    register: z.enum(LICENCE_REGISTER_VALUES, { error: "Choose the register you checked." }),
    checkedOn: isoDate("Enter the date you checked the register."),
    result: z.enum(LICENCE_CHECK_RESULT_VALUES, { error: "Choose what the register showed." }),
    expiresOn: z.preprocess(blankToUndefined, isoDate("Enter the expiry date.").optional()),
    notes: z.preprocess(
      blankToUndefined,
      multiLine(
        z
          .string()
          .trim()
          .max(
            licenceCheckLimits.notesChars,
            `Keep the notes to ${licenceCheckLimits.notesChars} characters.`,
          )
          .transform(stripNul),
      ).optional(),
    ),
  })
  .superRefine((input, context) => {
    const today = londonDate(new Date());
    if (input.checkedOn > today)
      context.addIssue({
        code: "custom",
        path: ["checkedOn"],
        message: "The date checked cannot be in the future.",
      });
    const oldest = `${Number(today.slice(0, 4)) - licenceCheckLimits.oldestCheckYears}${today.slice(4)}`;
    if (input.checkedOn < oldest)
      context.addIssue({
        code: "custom",
        path: ["checkedOn"],
        message: `Enter a date checked within the last ${licenceCheckLimits.oldestCheckYears} years.`,
      });
    const expected = LICENCE_TYPES[input.licenceType].register;
    if (input.register !== expected)
      context.addIssue({
        code: "custom",
        path: ["register"],
        message: `${LICENCE_TYPES[input.licenceType].label}: checked with ${LICENCE_REGISTERS[expected].replace(/^The /, "the ")}.`,
      });
    if (input.result === "valid" && !input.expiresOn)
      context.addIssue({
        code: "custom",
        path: ["expiresOn"],
        message:
          "Enter the expiry date the register gives: a valid licence is verified only until it expires.",
      });
    if (input.result === "valid" && input.expiresOn && input.expiresOn < input.checkedOn)
      context.addIssue({
        code: "custom",
        path: ["expiresOn"],
        message: "A licence that expired before the check is not valid: record it as expired.",
      });
  });

export type LicenceCheckInput = z.output<typeof LicenceCheckSchema>;
