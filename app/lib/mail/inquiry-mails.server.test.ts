import { describe, expect, it } from "vitest";
import { company } from "~/content/company";
import {
  type InquiryForMail,
  renderInquiryAcknowledgement,
  renderInquiryNotification,
} from "~/lib/mail/inquiry-mails.server";

const inquiry: InquiryForMail = {
  id: "3f9a1c07-0000-4000-8000-000000000000",
  reference: "VM-3F9A1C07",
  createdAt: new Date("2026-01-02T03:04:05Z"),
  name: 'Eve <script>alert("x")</script>',
  company: "Evil & Co",
  email: "eve@example.test",
  phone: "+44 20 7946 0000",
  whatsapp: "+233 24 123 4567",
  interest: "equipment-purchase",
  deal_size: "confidential",
  message: "Line one\n<img src=x onerror=alert(1)>",
};

describe("inquiry mail templates", () => {
  it("notifies admins of every field, escaped in HTML, with a dashboard link", () => {
    const mail = renderInquiryNotification(inquiry, "https://site.example.test");
    for (const value of [inquiry.name, "Evil & Co", inquiry.email, inquiry.phone!, inquiry.whatsapp!]) {
      expect(mail.text).toContain(value);
    }
    expect(mail.text).toContain("Equipment Purchase");
    expect(mail.text).toContain("Prefer to discuss");
    expect(mail.text).toContain(inquiry.message);
    expect(mail.text).toContain("https://site.example.test/dashboard");
    expect(mail.html).toContain("Eve &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(mail.html).toContain("Evil &amp; Co");
    expect(mail.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(mail.html).not.toMatch(/<script|<img/);
    expect(mail.html).toContain('href="https://site.example.test/dashboard"');
    expect(mail.subject).toContain("Eve");
    expect(mail.subject).toContain("VM-3F9A1C07");
  });

  it.each(["name", "company", "email", "phone", "whatsapp", "interest", "deal_size", "message"] as const)(
    "escapes markup stored in %s, wherever the notification shows it",
    (field) => {
      const markup = `<img src=x onerror=alert("${field}")>`;
      const mail = renderInquiryNotification({ ...inquiry, [field]: markup }, "https://site.example.test");
      // The subject and the text part are plain text; only the HTML part is markup.
      expect(mail.html).not.toContain("<img");
    },
  );

  it("spells email one way in both mails", () => {
    const mails = [
      renderInquiryNotification(inquiry, "https://site.example.test"),
      renderInquiryAcknowledgement(inquiry, "https://site.example.test"),
    ];
    for (const mail of mails)
      for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/e-mail/i);
  });

  it("keeps line breaks out of the subject", () => {
    const mail = renderInquiryNotification(
      { ...inquiry, name: "Eve\r\nBcc: victim@example.test" },
      "https://x.test",
    );
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it("acknowledges with the reference and the 24-hour promise, repeating none of the visitor's text", () => {
    const mail = renderInquiryAcknowledgement(inquiry, "https://site.example.test");
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).toContain("VM-3F9A1C07");
    expect(mail.text).toContain("within 24 hours");
    expect(mail.html).toContain("within 24 hours");
    expect(mail.text).toContain(`within ${company.responseTime}`);
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain("Eve");
      expect(part).not.toContain("Line one");
    }
  });
});
