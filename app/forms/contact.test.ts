import { describe, expect, it } from "vitest";
import { EMPTY_CONTACT_VALUES, readContactValues, validateContact } from "./contact";
import { prefillContactValues } from "./contact-prefill";

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
    expect(readContactValues(formData)).toEqual({ ...EMPTY_CONTACT_VALUES, name: "A" });
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
