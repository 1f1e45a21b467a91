import { startImapServer, type ImapServer } from "../../support/imap-server";
import { startWorkerInboxServer, test as base } from "../fixtures";

export { expect } from "../fixtures";

/** The team mailbox the server fetches (`IMAP_URL`): `deals`' INBOX. */
export const TEAM_MAILBOX = { user: "deals", folder: "INBOX" } as const;

interface TeamMailboxFixtures {
  /**
   * A Dovecot of the worker's own (decision 044: one inbox server per
   * worker), whose `deals` INBOX the worker's inbox server fetches. Mail is
   * delivered into it with IMAP APPEND, as a mail server would.
   */
  teamMailbox: ImapServer;
}

/**
 * The fixtures of tests/e2e/fixtures.ts, with the inbox server fetching a
 * team mailbox. Its worker fixtures differ, so Playwright runs these specs
 * in workers of their own: every other spec's server stays without IMAP_URL.
 */
export const test = base.extend<object, TeamMailboxFixtures>({
  teamMailbox: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first parameter.
    async ({}, provide) => {
      const imap = await startImapServer({ users: { [TEAM_MAILBOX.user]: "e2e-deals-password" } });
      await provide(imap);
      await imap.dispose();
    },
    { scope: "worker", timeout: 60_000 },
  ],
  inboxServer: [
    async ({ teamMailbox }, provide) => {
      const server = await startWorkerInboxServer({
        IMAP_URL: teamMailbox.url(TEAM_MAILBOX.user, TEAM_MAILBOX.folder),
        // The receiving server whose Authentication-Results the mails carry.
        MAIL_AUTHSERV_ID: "mx.test",
      });
      await provide(server);
      await server.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
});
