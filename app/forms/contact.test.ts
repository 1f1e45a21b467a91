import { describe, expect, it } from "vitest";
import { SignUpSchema } from "~/forms/auth";
import {
  ContactFormSchema,
  type ContactValues,
  contactMessages,
  EMPTY_CONTACT_VALUES,
  PHONE_PATTERN,
  phoneProblem,
} from "~/forms/contact";
import { prefillContactValues } from "~/forms/contact-prefill";
import { parseForm } from "~/forms/parse-form";

function validateContact(values: ContactValues) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(values)) formData.set(name, value);
  const result = parseForm(ContactFormSchema, formData);
  return result.ok
    ? { success: true as const, data: result.data }
    : { success: false as const, fieldErrors: result.fieldErrors };
}

const valid = {
  ...EMPTY_CONTACT_VALUES,
  name: " Kofi Boateng ",
  email: " kofi@example.test ",
  interest: "consultation",
  message: " Hello ",
};

describe("the contact form schema", () => {
  it("trims values and turns empty optionals into null", () => {
    const result = validateContact(valid);
    expect(result).toEqual({
      success: true,
      data: {
        name: "Kofi Boateng",
        company: null,
        email: "kofi@example.test",
        phone: null,
        whatsapp: null,
        interest: "consultation",
        deal_size: null,
        message: "Hello",
      },
    });
  });

  it.each(["+44 20 7946 0000", "(020) 7946-0000", "0044.20.7946.0000", "1".repeat(32)])(
    "accepts the phone number %s",
    (phone) => {
      expect(validateContact({ ...valid, phone, whatsapp: phone }).success).toBe(true);
    },
  );

  it.each(["abc", "+44 20 7946 0000 ext 5", "+()", "1".repeat(33)])(
    "refuses the phone number %s",
    (phone) => {
      const result = validateContact({ ...valid, phone });
      expect(result.success ? {} : result.fieldErrors).toHaveProperty("phone");
    },
  );

  it("accepts limits exactly and refuses one more", () => {
    expect(validateContact({ ...valid, name: "n".repeat(120), message: "m".repeat(5000) }).success).toBe(
      true,
    );
    const result = validateContact({ ...valid, name: "n".repeat(121), message: "m".repeat(5001) });
    expect(result.success ? {} : Object.keys(result.fieldErrors)).toEqual(["name", "message"]);
  });

  it("reads only text fields, ignoring files and unknown names", () => {
    const formData = new FormData();
    formData.set("name", "A");
    formData.set("message", new Blob(["x"]), "x.txt");
    formData.set("is_spam", "false");
    expect(parseForm(ContactFormSchema, formData).values).toEqual({ ...EMPTY_CONTACT_VALUES, name: "A" });
  });
});

describe("prefilling the contact form", () => {
  const prefill = (query: string) => prefillContactValues(new URLSearchParams(query));

  it.each([
    ["gold-wash-plant-150tph", "equipment-rental", "Gold Wash Plant 150TPH"],
    ["cat-336-large-excavator", "equipment-purchase", "CAT 336 Large Excavator"],
    ["cat-320-excavator", "equipment-rental", "CAT 320 Excavator"],
  ])("?equipment=%s selects %s and starts the message with the name", (id, interest, name) => {
    const values = prefill(`equipment=${id}`);
    expect(values.interest).toBe(interest);
    expect(values.message.startsWith(name)).toBe(true);
  });

  it("selects a known interest and ignores unknown values", () => {
    expect(prefill("interest=licensing-support").interest).toBe("licensing-support");
    expect(prefill("interest=bitcoin&equipment=nope")).toEqual(EMPTY_CONTACT_VALUES);
  });

  it("lets an explicit interest win over the item's default", () => {
    const values = prefill("equipment=cat-320-excavator&interest=equipment-purchase");
    expect(values.interest).toBe("equipment-purchase");
    expect(values.message.startsWith("CAT 320 Excavator")).toBe(true);
  });
});

describe("finding 13: single-line fields lose line breaks and bidi controls before they are stored", () => {
  const base = {
    name: "Ama Mensah",
    company: "",
    email: "ama@example.com",
    phone: "",
    whatsapp: "",
    interest: "gold-buying",
    deal_size: "",
    message: "Line one\nLine two",
  };

  it("strips CR/LF, U+2028/9, U+202A–U+202E, U+2066–U+2069 and NUL", () => {
    const result = validateContact({
      ...base,
      name: "Ama\r\nBcc: victim@example.com",
      company: "Gold\u202eLtd\u2066x\u2069\u202a\u202b\u202c\u202d\u2067\u2068",
      email: "\u202eama@example.com\r\n",
      phone: "+233 20\n000 0000",
      whatsapp: "\u2066+233 20 000 0000\u2069",
    });
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data).toMatchObject({
      name: "Ama Bcc: victim@example.com",
      company: "GoldLtdx",
      email: "ama@example.com",
      phone: "+233 20 000 0000",
      whatsapp: "+233 20 000 0000",
    });
    // eslint-disable-next-line no-control-regex
    const forbidden = new RegExp("[\\r\\n\\u0000\\u202a-\\u202e\\u2066-\\u2069]");
    for (const value of Object.values(result.data)) {
      if (typeof value === "string" && value !== result.data.message) expect(value).not.toMatch(forbidden);
    }
    // The message keeps its lines.
    expect(result.data.message).toBe("Line one\nLine two");
  });

  it("also for the sign-up name", () => {
    const parsed = SignUpSchema.parse({
      fullName: "Ada\r\n\u202eLovelace",
      email: "ada@example.com",
      password: "correct-horse-battery-7",
      confirmPassword: "correct-horse-battery-7",
    });
    expect(parsed.fullName).toBe("Ada Lovelace");
  });
});

describe("the phone field's HTML pattern", () => {
  // Chromium compiles `pattern` as `^(?:PATTERN)$` with the v flag and ignores
  // one that does not compile, which left phone numbers unchecked in the browser.
  const browserPattern = () => new RegExp(`^(?:${PHONE_PATTERN})$`, "v");

  it("compiles the way browsers compile it", () => {
    expect(browserPattern).not.toThrow();
  });

  it("accepts in the browser what the server accepts, and refuses what it refuses", () => {
    for (const phone of ["+44 (20) 7946-0958", "+233 24 123 4567", "020.7946.0958"]) {
      expect(browserPattern().test(phone), phone).toBe(true);
      expect(ContactFormSchema.shape.phone.safeParse(phone).success, phone).toBe(true);
    }
    for (const phone of ["call me", "+44 abc", "()"]) {
      expect(browserPattern().test(phone), phone).toBe(false);
      expect(ContactFormSchema.shape.phone.safeParse(phone).success, phone).toBe(false);
    }
  });
});

describe("the phone fields' messages say what is wrong with what was typed", () => {
  const valid = {
    name: "Ama Mensah",
    company: "",
    email: "ama@example.com",
    phone: "",
    whatsapp: "",
    interest: "gold-buying",
    deal_size: "",
    message: "Hello",
  };
  const phoneError = (phone: string, field: "phone" | "whatsapp" = "phone") => {
    const result = validateContact({ ...valid, [field]: phone });
    return result.success ? undefined : result.fieldErrors[field];
  };

  it("names the characters a number cannot hold, each once, as typed", () => {
    expect(phoneError("+44 abc 7946")).toBe(
      "A phone number cannot contain “a”, “b” or “c”. Use digits, spaces and + ( ) - . only, e.g. +233 24 123 4567.",
    );
    expect(phoneError("020#7946#0000", "whatsapp")).toBe(
      "A phone number cannot contain “#”. Use digits, spaces and + ( ) - . only, e.g. +233 24 123 4567.",
    );
  });

  it("says when a number has no digit, and how long a long one is", () => {
    expect(phoneError("( ) -")).toBe(contactMessages.phoneNoDigits);
    expect(phoneError("+233 24 123 4567 0000 0000 0000 0000")).toBe(contactMessages.phoneTooLong(36));
  });

  it("says nothing about a number it takes", () => {
    expect(phoneError("+44 (20) 7946-0958")).toBeUndefined();
    expect(phoneProblem("+233 24 123 4567")).toBeNull();
  });
});
