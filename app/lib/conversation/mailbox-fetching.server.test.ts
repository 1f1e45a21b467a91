import { pino } from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { contactSubmissions, inquiryMessages, mailboxCursors } from "~db/schema";
import { startImapServer, type ImapServer } from "../../../tests/support/imap-server";
import {
  createTestFiler,
  cursorOf,
  filedCount,
  testMessage,
  waitFor,
} from "../../../tests/support/received-mail-filer";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { type MailboxAddress, parseImapUrls } from "~/lib/conversation/imap-url.server";
import type { FetchTiming } from "~/lib/conversation/mailbox-fetcher.server";
import { type MailboxFetching, startMailboxFetching } from "~/lib/conversation/mailbox-fetching.server";
import { createMailboxStatusBoard, type MailboxStatusBoard } from "~/lib/conversation/mailbox-status.server";
import type { FileReceivedMail } from "~/lib/conversation/received-mail";

const USERS = { deals: "deals-password" };
const logger = pino({ level: "silent" });
/** Short waits: the tests await outcomes, and the poll must never be what delivers mail in them. */
const TIMING: Partial<FetchTiming> = {
  pollMs: 10 * 60_000,
  retryInitialMs: 20,
  retryMaxMs: 160,
  batchSize: 2,
};

let imap: ImapServer;
beforeAll(async () => {
  imap = await startImapServer({ users: USERS });
});
afterAll(async () => {
  await imap?.dispose();
});

describe.each(testBackends)("fetching a team mailbox (%s)", (backend) => {
  const database = useTestDatabase(backend, [inquiryMessages, contactSubmissions, mailboxCursors]);
  const running: MailboxFetching[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((fetching) => fetching.stop()));
  });

  /** A new folder of the deals mailbox, and its IMAP_URL entry. */
  let folders = 0;
  async function newFolder(): Promise<{ folder: string; mailbox: MailboxAddress }> {
    const folder = `${backend}-${++folders}`;
    await imap.createFolder("deals", folder);
    const parsed = parseImapUrls(imap.url("deals", folder));
    if (!("mailboxes" in parsed)) throw new Error(parsed.error);
    return { folder, mailbox: parsed.mailboxes[0]! };
  }

  function fetch(mailbox: MailboxAddress, file: FileReceivedMail, timing: Partial<FetchTiming> = {}) {
    const status = createMailboxStatusBoard();
    const fetching = startMailboxFetching({
      db: database.db,
      env: { IMAP_URL: [mailbox] },
      logger,
      file,
      status,
      timing: { ...TIMING, ...timing },
    });
    running.push(fetching);
    return { fetching, status };
  }

  const filedAtLeast = (status: MailboxStatusBoard, mailbox: MailboxAddress, n: number) =>
    status.until(mailbox.key, (state) => state.filed >= n && state.state === "ok");

  it("hands every message to the filer once, in UID order, and leaves the mailbox as it was", async () => {
    const { folder, mailbox } = await newFolder();
    for (let n = 1; n <= 5; n++) await imap.append("deals", folder, testMessage(folder, n));
    const filer = await createTestFiler(database.db);
    const { fetching, status } = fetch(mailbox, filer.file);
    await filedAtLeast(status, mailbox, 5);
    await fetching.stop();

    expect(filer.calls.map((mail) => mail.subject)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `Message ${n} in ${folder}`),
    );
    expect(filer.calls[0]).toMatchObject({
      mailbox: mailbox.key,
      messageId: `${folder}-1@example.test`,
      from: { address: "buyer1@example.test", name: "Buyer 1" },
    });
    expect(mailbox.key).not.toContain(USERS.deals);
    expect(await filedCount(database.db, mailbox.key)).toBe(5);
    expect(await cursorOf(database.db, mailbox.key)).toMatchObject({ last_uid: 5, last_error: null });
    // Read-only: no message was flagged \Seen (or deleted).
    expect(await imap.messages("deals", folder)).toEqual([1, 2, 3, 4, 5].map((uid) => ({ uid, flags: [] })));
  });

  it("IDLE brings a new message at once, without waiting for the poll", async () => {
    const { folder, mailbox } = await newFolder();
    const filer = await createTestFiler(database.db);
    const { status } = fetch(mailbox, filer.file);
    const ready = await status.until(mailbox.key, (state) => state.state === "ok");
    expect(ready.mode).toBe("idle");
    await imap.append("deals", folder, testMessage(folder, 1));
    // The poll is ten minutes away: only IDLE can bring it within the test's time.
    await filedAtLeast(status, mailbox, 1);
    expect(await filedCount(database.db, mailbox.key)).toBe(1);
  });

  it("a restart goes on after the last UID taken: nothing twice, nothing missed", async () => {
    const { folder, mailbox } = await newFolder();
    for (let n = 1; n <= 3; n++) await imap.append("deals", folder, testMessage(folder, n));
    const first = await createTestFiler(database.db);
    // One message per round however small the byte budget: it always takes one.
    const before = fetch(mailbox, first.file, { batchBytes: 1 });
    await filedAtLeast(before.status, mailbox, 3);
    await before.fetching.stop();
    // Mail keeps arriving while no instance runs.
    for (let n = 4; n <= 5; n++) await imap.append("deals", folder, testMessage(folder, n));

    const second = await createTestFiler(database.db);
    const after = fetch(mailbox, second.file);
    await filedAtLeast(after.status, mailbox, 2);
    expect(second.calls.map((mail) => mail.messageId)).toEqual([
      `${folder}-4@example.test`,
      `${folder}-5@example.test`,
    ]);
    expect(await filedCount(database.db, mailbox.key)).toBe(5);
  });

  it("a message the filer fails on stays in the mailbox's turn and is filed on the retry", async () => {
    const { folder, mailbox } = await newFolder();
    for (let n = 1; n <= 3; n++) await imap.append("deals", folder, testMessage(folder, n));
    const filer = await createTestFiler(database.db);
    filer.failNext(2);
    const { status } = fetch(mailbox, filer.file);
    await filedAtLeast(status, mailbox, 3);
    // Message 1 failed twice (its transaction rolled back), then all went through in order.
    expect(filer.calls.map((mail) => mail.messageId?.split("@")[0])).toEqual(
      [1, 1, 1, 2, 3].map((n) => `${folder}-${n}`),
    );
    expect(await filedCount(database.db, mailbox.key)).toBe(3);
    expect(await cursorOf(database.db, mailbox.key)).toMatchObject({ last_uid: 3, last_error: null });
  });

  it("a new UIDVALIDITY starts again from the folder's beginning: the re-seen messages are no-ops, none is lost", async () => {
    const { folder, mailbox } = await newFolder();
    for (let n = 1; n <= 3; n++) await imap.append("deals", folder, testMessage(folder, n));
    const filer = await createTestFiler(database.db);
    // Dovecot does not tell a connected client that its folder was rebuilt:
    // the next poll finds it.
    const { status } = fetch(mailbox, filer.file, { pollMs: 200 });
    await filedAtLeast(status, mailbox, 3);

    // Rebuilt while the fetcher is connected, with two messages more.
    const { after } = await imap.recreateFolder("deals", folder, [
      testMessage(folder, 4),
      testMessage(folder, 5),
    ]);
    await waitFor(
      async () => (await cursorOf(database.db, mailbox.key))?.uid_validity === after,
      "the new UIDVALIDITY",
    );
    await waitFor(async () => (await cursorOf(database.db, mailbox.key))?.last_uid === 5, "the last new UID");
    expect(await filedCount(database.db, mailbox.key)).toBe(5);
    // Messages 1-3 were handed over again under the new UIDVALIDITY, and filed once.
    expect(filer.calls.map((mail) => Number(mail.messageId?.split("-").at(-1)?.split("@")[0]))).toEqual([
      1, 2, 3, 1, 2, 3, 4, 5,
    ]);
  });

  it("two instances fetching the same mailbox at once file every message exactly once", async () => {
    const { folder, mailbox } = await newFolder();
    for (let n = 1; n <= 12; n++) await imap.append("deals", folder, testMessage(folder, n));
    const filers = [await createTestFiler(database.db), await createTestFiler(database.db)];
    const instances = filers.map((filer) => fetch(mailbox, filer.file));
    // More arrives while both are at work.
    for (let n = 13; n <= 20; n++) await imap.append("deals", folder, testMessage(folder, n));
    // Each message is parsed in a worker of its own, by both instances (decision 074).
    await waitFor(
      async () => (await filedCount(database.db, mailbox.key)) === 20,
      "20 messages filed",
      60_000,
    );
    await Promise.all(instances.map(({ fetching }) => fetching.stop()));

    const handed = filers.flatMap((filer) => filer.calls.map((mail) => mail.messageId));
    // Each hand-over committed (no filer failed), so each message was handed over once, by one instance.
    expect(handed).toHaveLength(20);
    expect(new Set(handed).size).toBe(20);
    expect(await filedCount(database.db, mailbox.key)).toBe(20);
    expect(await cursorOf(database.db, mailbox.key)).toMatchObject({ last_uid: 20 });
  }, 90_000);
});
