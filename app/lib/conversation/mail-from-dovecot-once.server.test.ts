import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { contactSubmissions, inquiryMessages, jobs, mailboxCursors } from "~db/schema";
import { fetchIntoDesk, rawMail, dovecotDeskForSuite } from "../../../tests/support/dovecot-desk";
import { mailJobs } from "../../../tests/support/job-rows";
import { cursorOf, waitFor } from "../../../tests/support/received-mail-filer";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { type DatabaseHandle, openDatabase } from "~/lib/db/db.server";
import { INQUIRY_ACKNOWLEDGEMENT } from "~/lib/inquiries/intake.server";

/**
 * Exactly once, end to end: direct mails delivered into Dovecot, fetched
 * and filed by the server's own fetcher and filer. Each one is an inquiry
 * and an acknowledgement, so a message filed twice would show as a second
 * inquiry and a second mail to a buyer, and one lost as a missing inquiry.
 */
const { imap, config } = dovecotDeskForSuite();

/** Direct mail number `n` of a folder: a buyer of its own, so each starts one inquiry. */
const buyerMail = (folder: string, n: number) =>
  rawMail({
    from: `"Buyer ${n}" <buyer${n}.${folder}@example.test>`,
    subject: `Inquiry ${n}`,
    messageId: `${folder}-${n}@example.test`,
    body: `We would like ${n} kg.`,
  });

describe.each(testBackends)("each delivered mail filed exactly once (%s)", (backend) => {
  const database = useTestDatabase(backend, [jobs, contactSubmissions, mailboxCursors]);
  const running: { stop(): Promise<void> }[] = [];
  const opened: DatabaseHandle[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((fetcher) => fetcher.stop()));
    await Promise.all(opened.splice(0).map((handle) => handle.close()));
  });

  let folders = 0;
  async function folderWith(from: number, to: number): Promise<string> {
    const folder = `${backend}-once-${++folders}`;
    await imap.createFolder("deals", folder);
    for (let n = from; n <= to; n++) await imap.append("deals", folder, buyerMail(folder, n));
    return folder;
  }
  function fetch(folder: string, db = database.db, pollMs?: number) {
    const fetcher = fetchIntoDesk(db, imap, {
      user: "deals",
      folder,
      config,
      timing: pollMs ? { pollMs } : { batchSize: 3 },
    });
    running.push(fetcher);
    return fetcher;
  }

  /** Inquiries, received messages and acknowledgements, and how many distinct buyers they are for. */
  async function tally() {
    const inquiries = await database.db.select({ email: contactSubmissions.email }).from(contactSubmissions);
    const [messages] = await database.db.select({ n: count() }).from(inquiryMessages);
    const acknowledgements = await mailJobs(database.db, INQUIRY_ACKNOWLEDGEMENT);
    return {
      inquiries: inquiries.length,
      buyers: new Set(inquiries.map((row) => row.email)).size,
      messages: messages!.n,
      acknowledgements: acknowledgements.length,
      acknowledged: new Set(acknowledgements.flatMap((job) => job.to)).size,
    };
  }
  const exactly = (n: number) => ({
    inquiries: n,
    buyers: n,
    messages: n,
    acknowledgements: n,
    acknowledged: n,
  });

  it("two fetchers on one mailbox at once (on Postgres, two instances: two pools) file and acknowledge each mail once", async () => {
    const folder = await folderWith(1, 10);
    // On Postgres a second instance: its own pool on the same database. PGlite
    // is one process's alone: there, two fetchers share it.
    let otherDb = database.db;
    if (database.url) {
      const other = await openDatabase({ kind: "postgres", url: database.url, poolSize: 4 });
      opened.push(other);
      otherDb = other.db;
    }
    const first = fetch(folder);
    fetch(folder, otherDb);
    // More arrives while both are at work.
    for (let n = 11; n <= 16; n++) await imap.append("deals", folder, buyerMail(folder, n));
    // Each message is parsed in a worker of its own, by both fetchers (decision 074).
    await waitFor(
      async () => (await cursorOf(database.db, first.mailbox.key))?.last_uid === 16,
      "UID 16",
      60_000,
    );
    expect(await tally()).toEqual(exactly(16));
  }, 90_000);

  it("a restart goes on where the last one stopped, and a new UIDVALIDITY re-reads the folder without a duplicate", async () => {
    const folder = await folderWith(1, 3);
    const before = fetch(folder);
    await before.taken(3);
    await before.stop();
    expect(await tally()).toEqual(exactly(3));

    // Mail keeps coming while no instance runs.
    for (let n = 4; n <= 5; n++) await imap.append("deals", folder, buyerMail(folder, n));
    // Dovecot does not tell a connected client its folder was rebuilt: the next look finds it.
    const after = fetch(folder, database.db, 200);
    await after.taken(2);
    expect(await tally()).toEqual(exactly(5));

    // The mailbox is rebuilt (migrated to another server, restored): new UIDs for the same
    // mail, and one more that comes first, under UID 1. A fetcher that kept the old
    // cursor (UID 5) would never take it.
    const { after: uidValidity } = await imap.recreateFolder("deals", folder, [buyerMail(folder, 6)], {
      extraFirst: true,
    });
    await waitFor(async () => {
      const cursor = await cursorOf(database.db, after.mailbox.key);
      return cursor?.uid_validity === uidValidity && cursor.last_uid === 6;
    }, "the rebuilt folder read to its end");
    expect(await tally()).toEqual(exactly(6));
    const [sixth] = await database.db
      .select({ n: count() })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.email, `buyer6.${folder}@example.test`));
    expect(sixth!.n).toBe(1);
  });
});
