import crypto from "node:crypto";
import { count, eq } from "drizzle-orm";
import { contactSubmissions, inquiryMessages, mailboxCursors } from "../../db/schema";
import type { Db } from "~/lib/db/db.server";
import type { FileReceivedMail, ReceivedMail } from "~/lib/conversation/received-mail";
import { numberedInquiry } from "./inbox-fixtures";

/**
 * A stand-in for the desk's filer, as strict about duplicates as the real
 * one: every message goes onto one inquiry, keyed by its Message-ID (a hash
 * of its headers without one), and a message already filed is a no-op.
 * `calls` counts every hand-over, `failNext` makes the next ones throw.
 */
export async function createTestFiler(db: Db) {
  const calls: ReceivedMail[] = [];
  const [inquiry] = await db.insert(contactSubmissions).values(numberedInquiry(1)).returning();
  let failures = 0;
  const file: FileReceivedMail = async (tx, mail) => {
    calls.push(mail);
    if (failures > 0) {
      failures--;
      throw new Error("the filer failed");
    }
    const key =
      mail.messageId ?? crypto.createHash("sha256").update(JSON.stringify(mail.headers)).digest("hex");
    await tx
      .insert(inquiryMessages)
      .values({
        inquiry_id: inquiry!.id,
        message_key: key,
        message_id: mail.messageId,
        from_address: mail.from.address,
        subject: mail.subject,
        body: mail.text,
        sent_at: mail.date ?? new Date(),
        mailbox: mail.mailbox,
      })
      .onConflictDoNothing({ target: inquiryMessages.message_key });
  };
  return {
    file,
    calls,
    failNext(times = 1) {
      failures = times;
    },
  };
}

/** Messages filed (rows, not hand-overs) from `mailbox`. */
export async function filedCount(db: Db, mailbox: string): Promise<number> {
  const [row] = await db
    .select({ filed: count() })
    .from(inquiryMessages)
    .where(eq(inquiryMessages.mailbox, mailbox));
  return row?.filed ?? 0;
}

export async function cursorOf(db: Db, mailbox: string) {
  const [row] = await db.select().from(mailboxCursors).where(eq(mailboxCursors.mailbox, mailbox));
  return row;
}

/** A plain message with a Message-ID naming its folder and number. */
export function testMessage(folder: string, n: number, extraHeaders = ""): string {
  return `From: "Buyer ${n}" <buyer${n}@example.test>
To: deals@example.test
Subject: Message ${n} in ${folder}
Date: Tue, 24 Nov 2026 09:${String(n % 60).padStart(2, "0")}:00 +0000
Message-ID: <${folder}-${n}@example.test>
${extraHeaders}Content-Type: text/plain; charset=utf-8

Body of message ${n}.
`;
}

/** Polls `check` until it holds: for outcomes no event reports (rows another connection wrote). */
export async function waitFor(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
