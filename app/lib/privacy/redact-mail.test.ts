import { describe, expect, it } from "vitest";
import { redactMailText } from "~/lib/privacy/redact-mail";

describe("exported mail keeps what it said, never what it lets someone do", () => {
  it("leaves out links, tokens and, in account mail, one-time codes", () => {
    const text = [
      "Choose a new password: https://site.test/auth/reset-password?token=Ab3dEf6hIj9kLm2nOp5qRs8t",
      "Or paste this token: QwErTyUiOpAsDfGhJkLzXcVb",
      "Your code is 482913.",
      "See www.example.test/page for more.",
    ].join("\n");
    const redacted = redactMailText(text, "auth-reset-password");
    expect(redacted).toBe(
      [
        "Choose a new password: [link left out]",
        "Or paste this token: [token left out]",
        "Your code is [code left out].",
        "See [link left out] for more.",
      ].join("\n"),
    );
  });

  it("keeps ordinary words and, outside account mail, numbers such as amounts and phone numbers", () => {
    const text = "A deal of 2500000 USD for 120 kg; call 0244123456. Internationalisation matters.";
    expect(redactMailText(text, "inquiry-acknowledgement")).toBe(text);
  });
});
