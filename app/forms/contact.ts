import { z } from "zod";
import { DEAL_SIZE_VALUES, INTEREST_VALUES } from "~/content/inquiry-options";
import { stripNul, stripSingleLineControls } from "~/forms/single-line";

/** The inquiry form's rules, for the browser's constraints and the server's checks; fields are named after their columns. */
export const CONTACT_FIELDS = [
  "name",
  "company",
  "email",
  "phone",
  "whatsapp",
  "interest",
  "deal_size",
  "message",
] as const;

export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;

export const CONTACT_LIMITS = {
  name: 120,
  company: 160,
  email: 254,
  phone: 32,
  whatsapp: 32,
  message: 5000,
} as const;

/**
 * Digits, spaces and + ( ) - . — at least one digit. Browsers compile the
 * `pattern` attribute with the `v` flag, where ( ) and - must be escaped inside
 * a class; a pattern that does not compile is silently ignored.
 */
export const PHONE_PATTERN = "[0-9+\\(\\).\\s\\-]*[0-9][0-9+\\(\\).\\s\\-]*";
const PHONE_REGEX = new RegExp(`^${PHONE_PATTERN}$`);

export const contactMessages = {
  nameRequired: "Please enter your full name.",
  nameTooLong: `Your name must be at most ${CONTACT_LIMITS.name} characters.`,
  companyTooLong: `The company name must be at most ${CONTACT_LIMITS.company} characters.`,
  emailInvalid: "Please enter a valid email address, e.g. name@company.com.",
  phoneInvalid: `Use at most ${CONTACT_LIMITS.phone} digits, spaces and + ( ) - . characters.`,
  /** What is wrong with the number as typed, so the visitor knows what to change. */
  phoneTooLong: (length: number) =>
    `This number is ${length} characters long; use at most ${CONTACT_LIMITS.phone}, e.g. +233 24 123 4567.`,
  phoneNotAllowed: (characters: string) =>
    `A phone number cannot contain ${characters}. Use digits, spaces and + ( ) - . only, e.g. +233 24 123 4567.`,
  phoneNoDigits: "This number has no digits. Enter it with its country code, e.g. +233 24 123 4567.",
  interestRequired: "Please select an area of interest.",
  dealSizeInvalid: "Please choose one of the listed deal sizes.",
  messageRequired: "Please enter a message.",
  messageTooLong: `Your message must be at most ${CONTACT_LIMITS.message} characters.`,
} as const;

/** Blank becomes null, as the spec stores empty optional fields. */
function optionalText(max: number, message: string) {
  return z
    .string()
    .overwrite(stripSingleLineControls)
    .trim()
    .max(max, message)
    .transform((value) => (value === "" ? null : value));
}

const PHONE_CHARACTER = /[0-9+().\s-]/;

/** The characters a number may not hold, each once and quoted as typed: “a”, “b” and “#”. */
function listNotAllowed(value: string): string {
  const found = [...new Set([...value].filter((character) => !PHONE_CHARACTER.test(character)))];
  const quoted = found.slice(0, 5).map((character) => `“${character}”`);
  if (found.length > 5) quoted.push("other characters");
  return quoted.length > 1 ? `${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)!}` : quoted[0]!;
}

/** Why a typed number is refused (its length aside), or null when this form takes it. */
export function phoneProblem(value: string): string | null {
  if (value === "" || PHONE_REGEX.test(value)) return null;
  if ([...value].some((character) => !PHONE_CHARACTER.test(character))) {
    return contactMessages.phoneNotAllowed(listNotAllowed(value));
  }
  return contactMessages.phoneNoDigits;
}

function optionalPhone() {
  return (
    z
      .string()
      .overwrite(stripSingleLineControls)
      .trim()
      // The browser's maxlength comes from this limit; a longer number still gets its own message.
      .max(CONTACT_LIMITS.phone, {
        error: (issue) => contactMessages.phoneTooLong(String(issue.input).length),
      })
      .superRefine((value, ctx) => {
        const problem = phoneProblem(value);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      })
      .transform((value) => (value === "" ? null : value))
  );
}

export const ContactFormSchema = z.object({
  name: z
    .string()
    .overwrite(stripSingleLineControls)
    .trim()
    .min(1, contactMessages.nameRequired)
    .max(CONTACT_LIMITS.name, contactMessages.nameTooLong),
  company: optionalText(CONTACT_LIMITS.company, contactMessages.companyTooLong),
  email: z
    .string()
    .overwrite(stripSingleLineControls)
    .trim()
    .max(CONTACT_LIMITS.email, contactMessages.emailInvalid)
    .pipe(z.email({ error: contactMessages.emailInvalid })),
  phone: optionalPhone(),
  whatsapp: optionalPhone(),
  interest: z.enum(INTEREST_VALUES, { error: contactMessages.interestRequired }),
  deal_size: z
    .union([z.literal(""), z.enum(DEAL_SIZE_VALUES)], { error: contactMessages.dealSizeInvalid })
    .transform((value) => (value === "" ? null : value)),
  message: z
    .string()
    .overwrite(stripNul)
    .trim()
    .min(1, contactMessages.messageRequired)
    .max(CONTACT_LIMITS.message, contactMessages.messageTooLong),
});

export type ContactInput = z.output<typeof ContactFormSchema>;

export const EMPTY_CONTACT_VALUES: ContactValues = {
  name: "",
  company: "",
  email: "",
  phone: "",
  whatsapp: "",
  interest: "",
  deal_size: "",
  message: "",
};
