import { describe, expect, it } from "vitest";
import { createTestFiler } from "../../../tests/support/received-mail-filer";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { createMailboxFetcher } from "~/lib/app-services.server";
import { parseEnv } from "~/lib/env.server";
import { createMailboxStatusBoard } from "~/lib/conversation/mailbox-status.server";

describe("createMailboxFetcher", () => {
  const database = useTestDatabase("pglite");
  // Nothing listens on port 1: the one fetcher started here only fails and retries.
  const unreachable = "imap://deals:pw@127.0.0.1:1/INBOX";

  it("starts nothing while IMAP_URL is unset", async () => {
    const mailboxes = createMailboxStatusBoard();
    const filer = await createTestFiler(database.db);
    expect(createMailboxFetcher({ env: parseEnv({}), database, mailboxes }, filer.file)).toBeNull();
    expect(mailboxes.readiness()).toEqual([]);
  });

  it("fetches nothing without a filer: a message taken unfiled would be lost", () => {
    const mailboxes = createMailboxStatusBoard();
    const env = parseEnv({ IMAP_URL: unreachable });
    expect(createMailboxFetcher({ env, database, mailboxes }, null)).toBeNull();
    expect(mailboxes.readiness()).toEqual([]);
  });

  it("with IMAP_URL and a filer, fetches each mailbox and reports it where /readyz reads", async () => {
    const mailboxes = createMailboxStatusBoard();
    const filer = await createTestFiler(database.db);
    const env = parseEnv({ IMAP_URL: unreachable });
    const fetching = createMailboxFetcher({ env, database, mailboxes }, filer.file);
    try {
      await mailboxes.until(env.IMAP_URL[0]!.key, (state) => state.failures >= 1);
      expect(mailboxes.readiness()).toMatchObject([{ mailbox: "deals/INBOX", state: "failing" }]);
    } finally {
      await fetching?.stop();
    }
  });
});
