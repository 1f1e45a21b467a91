import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactSubmissions, inquiryAttachments, inquiryMessages } from "../../../db/schema";
import { receivedMailLimits } from "~/content/received-mail-limits";
import { fetchIntoDesk, productionFilerConfig } from "../../../tests/support/dovecot-desk";
import { startImapServer, type ImapServer } from "../../../tests/support/imap-server";
import { useTestDatabase } from "../../../tests/support/suite-database";

/**
 * What one large message costs the server on the embedded database, where
 * filing shares the one thread with every request: what is kept is within
 * the limits, and a second large body on the same inquiry costs no more
 * than the first (the kept and searched text is bounded per message). The
 * longest event loop stall is printed.
 */
const config = productionFilerConfig();
let imap: ImapServer;
beforeAll(async () => {
  imap = await startImapServer({ users: { deals: "deals-password" } });
});
afterAll(async () => {
  await imap?.dispose();
  config.dispose();
});

const BODY_BYTES = 8 * 1024 * 1024;
const LINE = "gold bars, assay and shipping terms for the March lot, kg by kg 0123456789\r\n";

function largeMail(id: string, options: { attachments: number; inReplyTo?: string }): string {
  const boundary = "large-mail";
  const parts = [
    "From: Kwabena Buyer <kwabena@buyer.example.test>",
    "To: deals@site.example.test",
    "Subject: The March lot",
    `Message-ID: <${id}>`,
    ...(options.inReplyTo ? [`In-Reply-To: <${options.inReplyTo}>`] : []),
    "MIME-Version: 1.0",
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
    "",
    LINE.repeat(Math.ceil(BODY_BYTES / LINE.length)),
  ];
  for (let index = 0; index < options.attachments; index++) {
    parts.push(
      `--${boundary}`,
      `Content-Type: application/octet-stream; name="part-${index}.bin"`,
      `Content-Disposition: attachment; filename="part-${index}.bin"`,
      "Content-Transfer-Encoding: base64",
      "",
      "QQ==",
    );
  }
  parts.push(`--${boundary}--`, "");
  return parts.join("\r\n");
}

describe("the cost of a large message on PGlite", () => {
  const database = useTestDatabase("pglite");

  it("finding 2: a mail with 5,000 attachments and an 8 MB body is kept within the limits, and a second 8 MB body on the inquiry costs no more than the first", async () => {
    await imap.createFolder("deals", "large");
    await imap.append("deals", "large", largeMail("large-1@buyer.example.test", { attachments: 5_000 }));
    const filing: number[] = [];
    let last = performance.now();
    let stall = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      stall = Math.max(stall, now - last);
      last = now;
    }, 10);
    const fetcher = fetchIntoDesk(database.db, imap, {
      user: "deals",
      folder: "large",
      config,
      file: (production) => async (tx, mail) => {
        const started = performance.now();
        await production(tx, mail);
        filing.push(performance.now() - started);
      },
    });
    try {
      await fetcher.taken(1);
      await imap.append(
        "deals",
        "large",
        largeMail("large-2@buyer.example.test", { attachments: 0, inReplyTo: "large-1@buyer.example.test" }),
      );
      await fetcher.taken(2);
    } finally {
      clearInterval(ticker);
      await fetcher.stop();
    }
    console.log(
      `large mail on PGlite: longest event loop stall ${stall.toFixed(0)} ms; filing the first ${filing[0]!.toFixed(0)} ms, the second on the same inquiry ${filing[1]!.toFixed(0)} ms`,
    );
    // The longest stall is printed, not asserted: the new-inquiry path (createInquiry and its
    // acknowledgement) still runs as one block on the embedded database (see docs/decisions/074).
    expect(filing[1]!).toBeLessThanOrEqual(1.5 * filing[0]! + 50);

    const messages = await database.db.select().from(inquiryMessages).orderBy(inquiryMessages.sent_at);
    expect(messages).toHaveLength(2);
    expect(new Set(messages.map((message) => message.inquiry_id)).size).toBe(1);
    for (const message of messages) {
      expect(message.body.length).toBeLessThan(receivedMailLimits.storedBodyChars + 500);
      expect(message.body).toContain("[The rest of this message was not kept");
    }
    expect(messages[0]!.body).toContain("4,900 more attachments were neither kept nor listed");
    const listed = await database.db
      .select()
      .from(inquiryAttachments)
      .where(eq(inquiryAttachments.message_id, messages[0]!.id));
    expect(listed).toHaveLength(receivedMailLimits.attachmentsPerMessage);
    const [inquiry] = await database.db
      .select({ text: contactSubmissions.mail_text })
      .from(contactSubmissions);
    expect(inquiry!.text.length).toBeLessThanOrEqual(receivedMailLimits.searchedMailChars);
  }, 120_000);
});
