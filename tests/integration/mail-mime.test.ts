import nodemailer, { type SendMailOptions } from "nodemailer";
import { describe, expect, it } from "vitest";
import { parseMail } from "../e2e/support/mail-mime";

/**
 * The e2e tests read links out of the mails the server sent. A link's token
 * may hold "--"; wherever quoted-printable wraps the line, the link must come
 * back whole (an earlier reader cut the part at any line starting "--", and a
 * verification link then failed now and again).
 */
describe("reading a sent mail's text part", () => {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });

  async function rawMail(text: string, extra: Partial<SendMailOptions> = {}) {
    const info = await transport.sendMail({
      from: "desk@example.com",
      to: "buyer@example.com",
      subject: "Verify your email address",
      text,
      html: "<p>Open the link in the text part.</p>",
      ...extra,
    });
    return (info.message as Buffer).toString("utf8");
  }

  it("keeps a link whole wherever a wrapped line starts with two dashes", async () => {
    for (let offset = 0; offset < 80; offset++) {
      const link = `https://site.example/auth/verify-email?token=${"c".repeat(offset)}${"a".repeat(40)}--${"b".repeat(200)}`;
      const text = `Hello,\n\n${link}\n\nKind regards`;
      const mail = parseMail(await rawMail(text));
      expect(mail.subject).toBe("Verify your email address");
      expect(mail.text).toBe(text);
    }
  });

  it("finds the text part inside a mail with an attachment", async () => {
    const text = "The text part, not the attachment.";
    const raw = await rawMail(text, { attachments: [{ filename: "note.txt", content: "--not this--" }] });
    expect(parseMail(raw).text.trim()).toBe(text);
  });
});
