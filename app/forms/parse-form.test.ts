import { describe, expect, it } from "vitest";
import { authMessages, SignUpSchema } from "~/forms/auth";
import { CONTACT_LIMITS, ContactFormSchema } from "~/forms/contact";
import {
  InboxActionSchema,
  InboxFilterSchema,
  NOTES_MAX_LENGTH,
  NotesSchema,
  SEARCH_MAX_LENGTH,
} from "~/forms/inbox";
import { constraintOf, constraintsOf, parseForm } from "~/forms/parse-form";
import { TotpCodeSchema } from "~/forms/two-factor";

function form(fields: Record<string, string>): FormData {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return formData;
}

describe("the HTML limits come from the schema", () => {
  it("for the inquiry form", () => {
    expect(constraintsOf(ContactFormSchema)).toEqual({
      name: { required: true, maxLength: CONTACT_LIMITS.name },
      company: { required: false, maxLength: CONTACT_LIMITS.company },
      email: { required: true, maxLength: CONTACT_LIMITS.email, type: "email" },
      phone: { required: false, maxLength: CONTACT_LIMITS.phone },
      whatsapp: { required: false, maxLength: CONTACT_LIMITS.whatsapp },
      interest: { required: true },
      deal_size: { required: false },
      message: { required: true, maxLength: CONTACT_LIMITS.message },
    });
  });

  it("for sign-up, whose refinements leave the fields readable", () => {
    expect(constraintsOf(SignUpSchema)).toEqual({
      fullName: { required: true, maxLength: 100 },
      email: { required: true, maxLength: 254, type: "email" },
      password: { required: true, maxLength: 128 },
      confirmPassword: { required: true, maxLength: 128 },
    });
  });

  it("through preprocess, catch and transform wrappers", () => {
    expect(constraintsOf(InboxFilterSchema).q).toEqual({ required: false, maxLength: SEARCH_MAX_LENGTH });
    expect(constraintOf(NotesSchema)).toEqual({ required: false, maxLength: NOTES_MAX_LENGTH });
    // A pattern that refuses "" makes the field required.
    expect(constraintsOf(TotpCodeSchema).code).toEqual({ required: true, maxLength: 11 });
  });
});

describe("parseForm", () => {
  it("answers field errors in one shape, the first message per field", () => {
    const result = parseForm(
      SignUpSchema,
      form({ fullName: "", email: "nope", password: "a", confirmPassword: "b" }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors).toEqual({
      fullName: "Full name is required",
      email: "Enter a valid email address",
      confirmPassword: authMessages.passwordsDoNotMatch,
    });
    expect(result.first).toBe("Full name is required");
  });

  it("reads an object schema's own fields only, and caps what it echoes", () => {
    const formData = form({ name: "n".repeat(20_000), is_spam: "false" });
    formData.set("message", new Blob(["x"]), "x.txt");
    const result = parseForm(ContactFormSchema, formData);
    expect(Object.keys(result.values).sort()).toEqual(
      ["company", "deal_size", "email", "interest", "message", "name", "phone", "whatsapp"].sort(),
    );
    expect(result.values.message).toBe("");
    expect(result.values.name.length).toBe(CONTACT_LIMITS.name + 100);
  });

  it("parses a union of intents from the fields sent", () => {
    const id = "00000000-0000-4000-8000-000000000000";
    const result = parseForm(InboxActionSchema, form({ intent: "save-notes", id, notes: "a\r\nb" }));
    expect(result).toMatchObject({ ok: true, data: { intent: "save-notes", id, notes: "a\nb" } });
    const tooLong = parseForm(InboxActionSchema, form({ intent: "save-notes", id, notes: "x".repeat(5001) }));
    expect(tooLong.ok ? {} : tooLong.fieldErrors).toEqual({
      notes: `Notes must be at most ${NOTES_MAX_LENGTH} characters.`,
    });
  });
});
