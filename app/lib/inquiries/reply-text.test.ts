import { describe, expect, it } from "vitest";
import {
  fillPlaceholders,
  insertAtCursor,
  mergeIntoDraft,
  placeholderProblem,
  placeTemplate,
  placeholderValues,
  YOUR_REPLY_MARK,
} from "~/lib/inquiries/reply-text";

describe("template text", () => {
  const values = placeholderValues({
    name: "  Kwame Boateng ",
    company: null,
    reference: "VM-1E90216D",
    senderName: "Ama Admin",
  });

  it("fills the known placeholders, spaces inside the braces allowed", () => {
    expect(
      fillPlaceholders("Dear {{name}} ({{ fullName }}), {{reference}}{{company}} – {{sender}}", values),
    ).toBe("Dear Kwame (Kwame Boateng), VM-1E90216D – Ama Admin");
  });

  it("finds unknown and unclosed placeholders", () => {
    expect(placeholderProblem("Dear {{name}}, [[rate]]")).toBeNull();
    expect(placeholderProblem("{{Name}} {{x}} {{x}}")).toMatch(
      /^Unknown placeholder \{\{Name\}\}, \{\{x\}\}\./,
    );
    expect(placeholderProblem("Dear {{name")).toMatch(/not closed/);
    expect(placeholderProblem("Dear name}}")).toMatch(/not closed/);
  });

  it("inserts at the cursor, replacing a selection, as the composer does with JavaScript", () => {
    expect(insertAtCursor("Hello world", "big ", { start: 6, end: 6 })).toEqual({
      text: "Hello big world",
      cursor: 10,
    });
    expect(insertAtCursor("Hello world", "there", { start: 6, end: 11 })).toEqual({
      text: "Hello there",
      cursor: 11,
    });
  });

  it("merges without a cursor: in place of the mark, else before the closing, else at the end", () => {
    const closing = "Kind regards,\nAma";
    expect(mergeIntoDraft("Dear K,\n\n[[Your reply]]\n\nKind regards,\nAma", "T", closing)).toBe(
      "Dear K,\n\nT\n\nKind regards,\nAma",
    );
    expect(mergeIntoDraft("Dear K,\n\nTyped.\n\nKind regards,\nAma\n", "T", closing)).toBe(
      "Dear K,\n\nTyped.\n\nT\n\nKind regards,\nAma",
    );
    expect(mergeIntoDraft("Typed, no signature", "T", closing)).toBe("Typed, no signature\n\nT");
    expect(mergeIntoDraft("", "T", closing)).toBe("T");
    // A "$&" in a template is text, not a replacement pattern.
    expect(mergeIntoDraft("[[Your reply]]", "$& $1", closing)).toBe("$& $1");
  });
});

describe("a template placed with JavaScript", () => {
  const closing = "Kind regards,\nAma";
  const draft = `Dear Kwame,\n\n${YOUR_REPLY_MARK}\n\n${closing}`;

  it("reply composer: a template inserted before the cursor was placed takes the [[Your reply]] mark's place", () => {
    expect(placeTemplate(draft, "KYC list.", { selection: null, closing })).toEqual({
      text: `Dear Kwame,\n\nKYC list.\n\n${closing}`,
      cursor: "Dear Kwame,\n\nKYC list.".length,
    });
    // A caret left anywhere (at the start, where a box no one touched has it) does not beat the mark.
    expect(placeTemplate(draft, "KYC list.", { selection: { start: 0, end: 0 }, closing }).text).toBe(
      `Dear Kwame,\n\nKYC list.\n\n${closing}`,
    );
  });

  it("goes over a selection, else at the cursor, else before the closing", () => {
    const typed = `Dear Kwame,\n\nFirst.\n\n${closing}`;
    expect(placeTemplate(draft, "X", { selection: { start: 0, end: 4 }, closing }).text).toBe(
      `X Kwame,\n\n${YOUR_REPLY_MARK}\n\n${closing}`,
    );
    expect(placeTemplate(typed, "X", { selection: { start: 13, end: 13 }, closing })).toEqual({
      text: `Dear Kwame,\n\nXFirst.\n\n${closing}`,
      cursor: 14,
    });
    expect(placeTemplate(typed, "X", { selection: null, closing })).toEqual({
      text: `Dear Kwame,\n\nFirst.\n\nX\n\n${closing}`,
      cursor: `Dear Kwame,\n\nFirst.\n\nX`.length,
    });
  });
});

describe("the composer's draft form", () => {
  it("reads a save from the button (no `auto` field) and one made as you type", async () => {
    const { DraftActionSchema } = await import("~/forms/reply-templates");
    const { parseForm } = await import("~/forms/parse-form");
    const id = "0b5c6a1e-1f0d-4c55-9d3e-5a1b2c3d4e04";
    for (const auto of [null, "1"]) {
      const data = new FormData();
      data.set("intent", "save-draft");
      data.set("id", id);
      data.set("subject", "S");
      data.set("body", "B");
      if (auto) data.set("auto", auto);
      expect(parseForm(DraftActionSchema, data)).toMatchObject({ ok: true, data: { auto: auto ?? "" } });
    }
  });
});
