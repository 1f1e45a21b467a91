import { describe, expect, it } from "vitest";
import { company } from "~/content/company";
import { existingAccountMail, resetPasswordMail, verificationMail } from "~/lib/mail/auth-mails.server";
import { inactivityWarningMail } from "~/lib/mail/retention-mails.server";

/** The trading disclosure, with the registered office labelled so. */
const FOOTER = company.registration.disclosure;

describe("account mails", () => {
  it("write the verification mail's text part line by line as before, then the company footer", () => {
    const mail = verificationMail({
      to: "a@example.test",
      url: "https://site.test/auth/verify-email?token=t",
    });
    expect(mail.subject).toBe("Verify your email address for Volta Meridian");
    expect(mail.text).toBe(
      [
        "Hello,",
        "",
        "Thank you for creating an account with Volta Meridian.",
        "",
        "Please confirm your email address to finish setting up your account. The link is valid for 24 hours.",
        "",
        "Verify email address:",
        "https://site.test/auth/verify-email?token=t",
        "",
        "If you did not create this account, you can ignore this email.",
        "",
        "— Volta Meridian",
        "",
        FOOTER,
      ].join("\n"),
    );
  });

  it("say every sentence of the text part in the HTML part too, with one button", () => {
    const mails = [
      verificationMail({ to: "a@example.test", url: "https://site.test/v?token=a&b" }),
      resetPasswordMail({ to: "a@example.test", url: "https://site.test/r?token=a&b" }),
      existingAccountMail({ to: "a@example.test", siteUrl: "https://site.test" }),
      inactivityWarningMail({ to: "a@example.test", siteUrl: "https://site.test", deleteAfter: new Date(0) }),
    ];
    for (const mail of mails) {
      const sentences = mail.text.split("\n").filter((line) => line && !line.endsWith(":"));
      for (const sentence of sentences) expect(mail.html).toContain(sentence.replace(/&/g, "&amp;"));
      expect(mail.html.match(/<a /g)).toHaveLength(1);
    }
  });
});
