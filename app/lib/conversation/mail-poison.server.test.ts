import fs from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import {
  contactSubmissions,
  inquiryAttachments,
  inquiryMessages,
  jobs,
  mailboxCursors,
  mailNotFiled,
} from "~db/schema";
import { receivedMailLimits } from "~/content/received-mail-limits";
import {
  fetchIntoDesk,
  productionFilerConfig,
  rawMail,
  dovecotDeskForSuite,
} from "../../../tests/support/dovecot-desk";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { attachmentsDir } from "~/lib/conversation/attachment-files.server";

/**
 * Hostile mail through a real mailbox (Dovecot) into the desk: one message
 * the parser or the database cannot take is set aside as not filed, and the
 * mail behind it is filed.
 */
const { imap, config } = dovecotDeskForSuite();

const header = (subject: string, id: string, from = "Kwame Buyer <kwame@buyer.example.test>") =>
  [
    `From: ${from}`,
    "To: deals@site.example.test",
    `Subject: ${subject}`,
    `Date: ${new Date().toUTCString().replace("GMT", "+0000")}`,
    `Message-ID: <${id}>`,
    "MIME-Version: 1.0",
  ].join("\r\n");

const nestedDivs = (depth: number, id: string) =>
  `${header("Offer", id)}\r\nContent-Type: text/html; charset=utf-8\r\n\r\n${"<div>".repeat(depth)}gold offer ${id}${"</div>".repeat(depth)}\r\n`;

const nulInBody = (id: string) =>
  `${header("Price", id)}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nPrice per kg=00 is fine for ${id}\r\n`;

function nestedMultiparts(depth: number, id: string): string {
  let body = "Content-Type: text/plain\r\n\r\ninnermost\r\n";
  for (let level = depth; level > 0; level--) {
    body = `Content-Type: multipart/mixed; boundary="b${level}"\r\n\r\n--b${level}\r\n${body}--b${level}--\r\n`;
  }
  return `${header("Nested", id)}\r\n${body}`;
}

/** NUL and bidi controls in an encoded-word subject, the sender's name and an RFC 2231 file name. */
const controlsInHeaders = (id: string) =>
  [
    header(
      "=?utf-8?q?Gold=00_offer_=E2=80=AEfdp.exe?=",
      id,
      "=?utf-8?q?Ama=00_=E2=80=AEBoateng?= <ama@buyer.example.test>",
    ),
    'Content-Type: multipart/mixed; boundary="c"',
    "",
    "--c",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "Please see the assay.",
    "--c",
    "Content-Type: application/pdf",
    "Content-Disposition: attachment; filename*=utf-8''assay%00%E2%80%AEfdp.exe",
    "Content-Transfer-Encoding: base64",
    "",
    Buffer.from("assay").toString("base64"),
    "--c--",
    "",
  ].join("\r\n");

describe.each(testBackends)("poison mail in a team mailbox (%s)", (backend) => {
  const database = useTestDatabase(backend, [jobs, contactSubmissions, mailboxCursors, mailNotFiled]);
  const running: { stop(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((fetcher) => fetcher.stop()));
  });
  let folders = 0;
  async function deliver(messages: string[]) {
    const folder = `poison-${backend}-${++folders}`;
    await imap.createFolder("deals", folder);
    const uids: number[] = [];
    for (const raw of messages) uids.push(await imap.append("deals", folder, raw));
    return { folder, uids };
  }
  const notFiled = () => database.db.select().from(mailNotFiled).orderBy(mailNotFiled.uid);
  const messageWithId = async (id: string) =>
    (await database.db.select().from(inquiryMessages).where(eq(inquiryMessages.message_id, id)))[0];

  it("poison mail: 3,000 nested divs, a QP =00 body and unreadable mail do not stop the mailbox; the genuine mail behind them is filed", async () => {
    const genuine = rawMail({
      from: "Efua Lead <efua@lead.example.test>",
      subject: "20 kg in March",
      messageId: `genuine-${backend}@lead.example.test`,
      body: "Can you quote for 20 kg in March?",
    });
    const { folder, uids } = await deliver([
      nestedDivs(3_000, `divs-${backend}@buyer.example.test`),
      nulInBody(`nul-${backend}@buyer.example.test`),
      nestedDivs(30_000, `deep-divs-${backend}@buyer.example.test`),
      nestedMultiparts(40, `multiparts-${backend}@buyer.example.test`),
      controlsInHeaders(`controls-${backend}@buyer.example.test`),
      rawMail({
        from: "Kojo <kojo@buyer.example.test>",
        subject: "Long id",
        messageId: `${"x".repeat(2_700)}@buyer.example.test`,
        body: "An id no index row holds.",
      }),
      genuine,
    ]);
    const started = Date.now();
    const fetcher = fetchIntoDesk(database.db, imap, { user: "deals", folder, config });
    running.push(fetcher);
    await fetcher.taken(7);
    expect(Date.now() - started).toBeLessThan(60_000);

    const [lead] = await database.db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.email, "efua@lead.example.test"));
    expect(lead?.message).toBe("Can you quote for 20 kg in March?");

    // The two mails confirmed to stop a mailbox are filed now, their text whole and without NUL.
    expect((await messageWithId(`divs-${backend}@buyer.example.test`))?.body).toBe(
      `gold offer divs-${backend}@buyer.example.test`,
    );
    expect((await messageWithId(`nul-${backend}@buyer.example.test`))?.body.trim()).toBe(
      `Price per kg is fine for nul-${backend}@buyer.example.test`,
    );
    const controls = await messageWithId(`controls-${backend}@buyer.example.test`);
    expect(controls?.subject).toBe("Gold offer fdp.exe");
    expect(controls?.from_name).toBe("Ama Boateng");
    const [attachment] = await database.db
      .select()
      .from(inquiryAttachments)
      .where(eq(inquiryAttachments.message_id, controls!.id));
    expect(attachment?.filename).toBe("assayfdp.exe");
    const longId = await database.db
      .select()
      .from(inquiryMessages)
      .where(sql`${inquiryMessages.body} like 'An id no index row holds.%'`);
    expect(longId).toHaveLength(1);
    expect(longId[0]!.message_id).toBeNull();

    // What cannot be read at all is listed as not filed, by mailbox and UID, without its content.
    const set = await notFiled();
    expect(set.map((row) => [row.mailbox, row.uid])).toEqual([
      [fetcher.mailbox.key, uids[2]],
      [fetcher.mailbox.key, uids[3]],
    ]);
    expect(set[0]!.reason).toMatch(/RangeError/);
    expect(set[1]!.reason).toMatch(/nesting depth/i);
    expect(JSON.stringify(set)).not.toContain("buyer.example.test");
  }, 90_000);

  it("a message over the size limit is set aside without being downloaded, and the next is filed", async () => {
    const { folder, uids } = await deliver([
      rawMail({
        from: "Yaw <yaw@buyer.example.test>",
        subject: "Big",
        messageId: `big-${backend}@buyer.example.test`,
        body: "x".repeat(60_000),
      }),
      rawMail({
        from: "Esi <esi@lead.example.test>",
        subject: "Small",
        messageId: `small-${backend}@lead.example.test`,
        body: "A small question.",
      }),
    ]);
    const fetcher = fetchIntoDesk(database.db, imap, {
      user: "deals",
      folder,
      config,
      mailLimits: { ...receivedMailLimits, messageBytes: 50_000 },
    });
    running.push(fetcher);
    await fetcher.taken(2);
    const set = await notFiled();
    expect(set.filter((row) => row.mailbox === fetcher.mailbox.key).map((row) => row.uid)).toEqual([uids[0]]);
    expect(set.find((row) => row.uid === uids[0])?.reason).toMatch(/size limit/);
    expect(await messageWithId(`small-${backend}@lead.example.test`)).toBeDefined();
  });

  it("finding 5: a filing that fails after writing its attachments leaves no file behind", async () => {
    const { folder } = await deliver([controlsInHeaders(`orphan-${backend}@buyer.example.test`)]);
    const own = productionFilerConfig();
    let attempts = 0;
    const fetcher = fetchIntoDesk(database.db, imap, {
      user: "deals",
      folder,
      config: own,
      // The retry comes after the files are counted.
      timing: { retryInitialMs: 1_000 },
      file: (production) => async (tx, mail) => {
        await production(tx, mail);
        if (++attempts === 1) throw new Error("the filing failed after its attachments were written");
      },
    });
    running.push(fetcher);
    await fetcher.status.until(fetcher.mailbox.key, (state) => state.failures >= 1);
    const files = (dir: string): string[] =>
      fs.existsSync(dir)
        ? fs
            .readdirSync(dir, { withFileTypes: true })
            .flatMap((entry) =>
              entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
            )
        : [];
    const stored = async () =>
      (await database.db.select({ storedAs: inquiryAttachments.stored_as }).from(inquiryAttachments))
        .map((row) => row.storedAs && path.join(attachmentsDir(own.dataDir), row.storedAs))
        .filter(Boolean);
    expect(files(attachmentsDir(own.dataDir))).toEqual(await stored());
    expect(await stored()).toEqual([]);
    await fetcher.taken(1);
    expect(files(attachmentsDir(own.dataDir))).toEqual(await stored());
    expect(await stored()).toHaveLength(1);
    own.dispose();
  });

  it("finding 7 and the failure count: a failed filing's text keeps no query parameters, and a recovery restarts the backoff", async () => {
    const secret = `kofi-${backend}@secret-lead.example.test`;
    const { folder } = await deliver([
      rawMail({
        from: "A <a@lead.example.test>",
        subject: "One",
        messageId: `one-${backend}@x.test`,
        body: "1",
      }),
      rawMail({
        from: "B <b@lead.example.test>",
        subject: "Two",
        messageId: `two-${backend}@x.test`,
        body: "2",
      }),
    ]);
    const logged: string[] = [];
    const logger = pino(
      { level: "info" },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          logged.push(chunk.toString());
          done();
        },
      }),
    );
    const failuresOf: Record<string, number> = {};
    const delays: number[] = [];
    const fetcher = fetchIntoDesk(database.db, imap, {
      user: "deals",
      folder,
      config,
      logger,
      timing: { retryInitialMs: 20, retryMaxMs: 10_000, batchSize: 1 },
      file: (production) => async (tx, mail) => {
        const plan =
          { [`one-${backend}@x.test`]: 2, [`two-${backend}@x.test`]: 1 }[mail.messageId ?? ""] ?? 0;
        const seen = (failuresOf[mail.messageId ?? ""] = (failuresOf[mail.messageId ?? ""] ?? 0) + 1);
        // A failed query (not one refused for its data) whose parameters hold a lead's address.
        if (seen <= plan)
          await tx.execute(sql`select * from not_a_table_${sql.raw(backend)} where x = ${secret}`);
        await production(tx, mail);
      },
    });
    running.push(fetcher);
    let last = 0;
    const stop = fetcher.status.until(fetcher.mailbox.key, (state) => {
      if (state.failures !== last && state.retryDelayMs !== null && state.state === "failing") {
        delays.push(state.retryDelayMs);
      }
      last = state.failures;
      return false;
    });
    void stop;
    await fetcher.taken(2);
    const [cursor] = await database.db
      .select()
      .from(mailboxCursors)
      .where(eq(mailboxCursors.mailbox, fetcher.mailbox.key));
    expect(logged.join("\n")).toContain(`not_a_table_${backend}`);
    expect(logged.join("\n")).not.toContain(secret);
    expect(cursor?.last_error ?? "").not.toContain(secret);
    // Two failures of the first message (20, 40 ms), a recovery, then one of the second: 20 ms again.
    expect(delays).toEqual([20, 40, 20]);
  });
});
