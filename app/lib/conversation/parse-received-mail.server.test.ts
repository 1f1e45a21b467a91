import { describe, expect, it } from "vitest";
import { attachmentLimits } from "~/content/attachment-limits";
import { receivedMailLimits } from "~/content/received-mail-limits";
import { UnreadableMailError } from "~/lib/conversation/mail-parse-worker.server";
import { parseReceivedMail } from "~/lib/conversation/parse-received-mail.server";

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

  it("finding 8: bidi, invisible and C0 controls leave names, addresses, the subject, file names and the body", async () => {
    const mail = await parseReceivedMail(
      bytes(`From: =?utf-8?q?Ama=E2=80=AE=E2=80=8B_Boat=00eng?= <ama@example.test>
To: =?utf-8?q?=E2=81=A6Desk=E2=81=A9?= <deals@example.test>
Subject: =?utf-8?q?Invoice=07_=E2=80=AEfdp.exe?=
Message-ID: <bidi@example.test>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="b"

--b
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: quoted-printable

Line one=00=1B[31m
Line two =E2=80=AEkept text
--b
Content-Type: application/pdf
Content-Disposition: attachment; filename*=utf-8''inv%00%E2%80%AEfdp.exe

QQ==
--b--
`),
      MAILBOX,
    );
    expect(mail.from).toEqual({ address: "ama@example.test", name: "Ama Boateng" });
    expect(mail.subject).toBe("Invoice fdp.exe");
    expect(mail.attachments[0]?.filename).toBe("invfdp.exe");
    expect(mail.text).toContain("Line one[31m\nLine two kept text");
    const texts = [mail.from.name, mail.subject, mail.text, mail.attachments[0]?.filename, ...mail.to];
    expect([...texts, ...Object.values(mail.headers)].join("")).not.toMatch(
      // eslint-disable-next-line no-control-regex
      /[\u0000-\u0008\u001b\u200b\u202a-\u202e\u2066-\u2069]/,
    );
  });

  it("poison mail: an overlong Message-ID is dropped, References keep the newest ids within the limit", async () => {
    const references = Array.from({ length: 200 }, (_, index) => `<r${index}@example.test>`).join(" ");
    const mail = await parseReceivedMail(
      bytes(`From: ada@example.test
Subject: ids
Message-ID: <${"x".repeat(2_700)}@example.test>
In-Reply-To: <r199@example.test>
References: ${references}

Hello
`),
      MAILBOX,
    );
    expect(mail.messageId).toBeNull();
    expect(mail.inReplyTo).toBe("r199@example.test");
    expect(mail.references).toHaveLength(receivedMailLimits.references);
    expect(mail.references.at(-1)).toBe("r199@example.test");
  });

  it("poison mail: MIME nested past the limit, or headers past theirs, is unreadable rather than a crash", async () => {
    let nested = "Content-Type: text/plain\n\ninnermost\n";
    for (let level = receivedMailLimits.mimeDepth + 5; level > 0; level--) {
      nested = `Content-Type: multipart/mixed; boundary="n${level}"\n\n--n${level}\n${nested}--n${level}--\n`;
    }
    await expect(
      parseReceivedMail(bytes(`From: ada@example.test\nSubject: deep\n${nested}`), MAILBOX),
    ).rejects.toThrow(UnreadableMailError);
    const manyIds = Array.from({ length: 70_000 }, (_, index) => `<id-${index}@example.test>`).join(" ");
    await expect(
      parseReceivedMail(bytes(`From: ada@example.test\nReferences: ${manyIds}\n\nHello\n`), MAILBOX),
    ).rejects.toThrow(/header size/);
  });

  it("finding 2: the stored body and the attachments listed are capped, and the body says what was left out", async () => {
    const limits = { ...receivedMailLimits, storedBodyChars: 1_000, attachmentsPerMessage: 3 };
    const raw = withAttachments(
      Array.from({ length: 10 }, (_, index) => ({ name: `f${index}.pdf`, size: 10 })),
    ).replace("Documents attached.", "y".repeat(5_000));
    const mail = await parseReceivedMail(bytes(raw), MAILBOX, attachmentLimits, limits);
    expect(mail.attachments.map((attachment) => attachment.filename)).toEqual(["f0.pdf", "f1.pdf", "f2.pdf"]);
    expect(mail.text.startsWith("y".repeat(1_000) + "\n\n[The rest of this message was not kept")).toBe(true);
    expect(mail.text).toContain("7 more attachments were neither kept nor listed");
  });
});
