import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startImapServer, type ImapServer } from "../../../tests/support/imap-server";
import { createTestFiler, filedCount, testMessage } from "../../../tests/support/received-mail-filer";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { parseEnv } from "~/lib/env.server";
import { startMailboxFetching, type MailboxFetching } from "~/lib/conversation/mailbox-fetching.server";
import { createMailboxStatusBoard } from "~/lib/conversation/mailbox-status.server";

const USERS = { deals: "deals-password" };

describe("a mail server without IDLE", () => {
  const database = useTestDatabase("pglite");
  let imap: ImapServer;
  let fetching: MailboxFetching | undefined;
  beforeAll(async () => {
    imap = await startImapServer({ users: USERS, idle: false });
  });
  afterAll(async () => {
    await fetching?.stop();
    await imap?.dispose();
  });

  it("is polled: new mail arrives at the next look", async () => {
    const [mailbox] = parseEnv({ IMAP_URL: imap.url("deals") }).IMAP_URL;
    const status = createMailboxStatusBoard();
    const filer = await createTestFiler(database.db);
    fetching = startMailboxFetching({
      db: database.db,
      env: { IMAP_URL: [mailbox!] },
      logger: pino({ level: "silent" }),
      file: filer.file,
      status,
      timing: { pollMs: 200 },
    });
    const ready = await status.until(mailbox!.key, (state) => state.state === "ok");
    expect(ready.mode).toBe("poll");
    await imap.append("deals", "INBOX", testMessage("polled", 1));
    await imap.append("deals", "INBOX", testMessage("polled", 2));
    await status.until(mailbox!.key, (state) => state.filed === 2);
    expect(await filedCount(database.db, mailbox!.key)).toBe(2);
  });
});
