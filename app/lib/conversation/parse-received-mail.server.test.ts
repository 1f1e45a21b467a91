import { describe, expect, it } from "vitest";
import { parseReceivedMail } from "./parse-received-mail.server";

const MAILBOX = "imap://deals@127.0.0.1:1143/INBOX";
const bytes = (text: string) => new TextEncoder().encode(text.replaceAll("\n", "\r\n"));

function wrapBase64(base64: string): string {
  const lines: string[] = [];
  for (let at = 0; at < base64.length; at += 76) lines.push(base64.slice(at, at + 76));
  return lines.join("\n");
}

function withAttachments(files: { name: string; size: number }[]): string {
  const parts = files.map(
    ({ name, size }) => `--b
Content-Type: application/pdf; name="${name}"
Content-Disposition: attachment; filename="${name}"
Content-Transfer-Encoding: base64

${wrapBase64(Buffer.alloc(size, 7).toString("base64"))}
`,
  );
  return `From: Buyer <buyer@example.test>
To: deals@example.test
Subject: KYC documents
Message-ID: <kyc@example.test>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="b"

--b
Content-Type: text/plain; charset=utf-8

Documents attached.
${parts.join("")}--b--
`;
}

describe("parseReceivedMail", () => {
  it("hands on headers, ids without brackets, addresses, the date and the size", async () => {
    const raw = bytes(`From: "Ada Buyer" <ada@example.test>
To: deals@example.test, Sales: info@example.test, bob@example.test;
Cc: carol@example.test
Subject: Re: Your inquiry VM-ABC123
Date: Tue, 24 Nov 2026 09:15:00 +0000
Message-ID: <reply-1@example.test>
In-Reply-To: <ack-1@volta.example>
References: <ack-1@volta.example>
 <reply-0@volta.example>
Received: from a.example by b.example; Tue, 24 Nov 2026 09:15:01 +0000
Received: from c.example
 by a.example; Tue, 24 Nov 2026 09:15:00 +0000
Content-Type: text/plain; charset=utf-8

Yes please, send the assay.
`);
    const mail = await parseReceivedMail(raw, MAILBOX);
    expect(mail).toMatchObject({
      mailbox: MAILBOX,
      messageId: "reply-1@example.test",
      inReplyTo: "ack-1@volta.example",
      references: ["ack-1@volta.example", "reply-0@volta.example"],
      from: { address: "ada@example.test", name: "Ada Buyer" },
      to: ["deals@example.test", "info@example.test", "bob@example.test"],
      cc: ["carol@example.test"],
      subject: "Re: Your inquiry VM-ABC123",
      date: new Date("2026-11-24T09:15:00Z"),
      attachments: [],
      size: raw.byteLength,
    });
    expect(mail.text.trim()).toBe("Yes please, send the assay.");
    // Repeated headers are kept, each unfolded, joined by a newline.
    expect(mail.headers.received?.split("\n")).toEqual([
      "from a.example by b.example; Tue, 24 Nov 2026 09:15:01 +0000",
      "from c.example by a.example; Tue, 24 Nov 2026 09:15:00 +0000",
    ]);
    expect(mail.headers["message-id"]).toBe("<reply-1@example.test>");
  });

  it("has null for a missing Message-ID and an unreadable date, and no name without a display name", async () => {
    const mail = await parseReceivedMail(
      bytes(`From: ada@example.test
Subject: no id
Date: not a date

Hello
`),
      MAILBOX,
    );
    expect(mail.messageId).toBeNull();
    expect(mail.inReplyTo).toBeNull();
    expect(mail.references).toEqual([]);
    expect(mail.date).toBeNull();
    expect(mail.from).toEqual({ address: "ada@example.test", name: null });
  });

  it("turns an HTML-only message into text: no markup, no script", async () => {
    const mail = await parseReceivedMail(
      bytes(`From: ada@example.test
Subject: html only
Message-ID: <html@example.test>
Content-Type: text/html; charset=utf-8

<html><head><title>t</title></head><body><p>Hello <b>desk</b>,</p><script>alert(1)</script><img src="https://tracker.example/p.gif"><p>Regards&nbsp;&amp; thanks, <a href="https://evil.example/login">your bank</a></p></body></html>
`),
      MAILBOX,
    );
    expect(mail.text).toContain("Hello desk,");
    expect(mail.text).toContain("Regards\u00a0& thanks");
    expect(mail.text).toContain("your bank [https://evil.example/login]");
    expect(mail.text).not.toMatch(/<[a-z/]|alert|tracker/i);
  });

  it("keeps attachments within the limits and hands on the rest with content null", async () => {
    const limits = { perFileBytes: 3_000, perMessageBytes: 5_000 };
    const mail = await parseReceivedMail(
      bytes(
        withAttachments([
          { name: "passport.pdf", size: 2_000 },
          { name: "too-big.pdf", size: 3_001 },
          { name: "proof.pdf", size: 2_500 },
          // 2,000 + 2,500 kept: this one would take the message over 5,000.
          { name: "over-total.pdf", size: 1_000 },
          { name: "small.pdf", size: 400 },
        ]),
      ),
      MAILBOX,
      limits,
    );
    expect(
      mail.attachments.map(({ filename, size, content }) => [filename, size, content?.byteLength ?? null]),
    ).toEqual([
      ["passport.pdf", 2_000, 2_000],
      ["too-big.pdf", 3_001, null],
      ["proof.pdf", 2_500, 2_500],
      ["over-total.pdf", 1_000, null],
      ["small.pdf", 400, 400],
    ]);
    expect(mail.attachments[0]?.contentType).toBe("application/pdf");
    expect(mail.attachments[0]?.content?.every((byte) => byte === 7)).toBe(true);
  });
});
