import { pino } from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { contactSubmissions, inquiryMessages, mailboxCursors } from "~db/schema";
import { startImapServer, type ImapServer } from "../../../tests/support/imap-server";
import { type OAuth2Server, startOAuth2Server } from "../../../tests/support/oauth2-server";
import { createTestFiler, filedCount, testMessage } from "../../../tests/support/received-mail-filer";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { parseEnv } from "~/lib/env.server";
import { type FetchTiming, startMailboxFetcher } from "~/lib/conversation/mailbox-fetcher.server";
import { type MailboxFetching, startMailboxFetching } from "~/lib/conversation/mailbox-fetching.server";
import { createMailboxStatusBoard } from "~/lib/conversation/mailbox-status.server";
import { createAccessTokenSource, refreshTime } from "~/lib/conversation/oauth2-token.server";

const CLIENT = { id: "desk-app", secret: "desk-app-secret-0123456789" };
const SCOPE = "https://imap.test/.default";
const logger = pino({ level: "silent" });
const TIMING: Partial<FetchTiming> = { pollMs: 10 * 60_000, retryInitialMs: 20, retryMaxMs: 160 };

let oauth: OAuth2Server;
let imap: ImapServer;
beforeAll(async () => {
  oauth = await startOAuth2Server({
    clientId: CLIENT.id,
    clientSecret: CLIENT.secret,
    scope: SCOPE,
    mailbox: "deals",
  });
  // "deals" also has a password: the test delivers mail with it, the fetcher signs in with tokens.
  imap = await startImapServer({
    users: { deals: "deals-password" },
    oauth2: { introspectionUrl: oauth.introspectionUrl },
  });
});
afterAll(async () => {
  await imap?.dispose();
  await oauth?.close();
});

/** IMAP_URL without a password and the client's IMAP_OAUTH2_* settings, through the env module. */
function oauth2Env(folder: string, secret = CLIENT.secret) {
  return parseEnv({
    IMAP_URL: `imap://deals@127.0.0.1:${imap.port}/${folder}`,
    IMAP_OAUTH2_TOKEN_URL: oauth.tokenUrl,
    IMAP_OAUTH2_CLIENT_ID: CLIENT.id,
    IMAP_OAUTH2_CLIENT_SECRET: secret,
    IMAP_OAUTH2_SCOPE: SCOPE,
  });
}

describe("a team mailbox that signs in with OAuth2", () => {
  const database = useTestDatabase("pglite", [inquiryMessages, contactSubmissions, mailboxCursors]);
  const running: MailboxFetching[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((fetching) => fetching.stop()));
  });

  async function start(folder: string, secret?: string) {
    await imap.createFolder("deals", folder);
    const env = oauth2Env(folder, secret);
    const mailbox = env.IMAP_URL[0]!;
    const filer = await createTestFiler(database.db);
    const status = createMailboxStatusBoard();
    running.push(
      startMailboxFetching({ db: database.db, env, logger, file: filer.file, status, timing: TIMING }),
    );
    return { mailbox, status, filer };
  }

  it("gets a token from the token endpoint, signs in with XOAUTH2 and fetches", async () => {
    const issuedBefore = oauth.issued();
    const folder = "oauth2-fetch";
    const { mailbox, status } = await start(folder);
    expect(mailbox.password).toBeNull();
    await imap.append("deals", folder, testMessage(folder, 1));
    await status.until(mailbox.key, (state) => state.filed >= 1);

    expect(await filedCount(database.db, mailbox.key)).toBe(1);
    expect(oauth.issued()).toBe(issuedBefore + 1);
    expect(imap.log()).toMatch(/Login: user=<deals>, method=XOAUTH2/);
  });

  it("offers a refused token once: after a revocation it fetches a new one and goes on", async () => {
    const folder = "oauth2-revoked";
    await imap.createFolder("deals", folder);
    await imap.append("deals", folder, testMessage(folder, 1));
    const env = oauth2Env(folder);
    const mailbox = env.IMAP_URL[0]!;
    // A token kept from before the application's access was withdrawn.
    const tokens = createAccessTokenSource(env.IMAP_OAUTH2!);
    const revoked = await tokens.get();
    oauth.revokeAll();
    const issuedBefore = oauth.issued();

    const filer = await createTestFiler(database.db);
    const status = createMailboxStatusBoard();
    const fetcher = startMailboxFetcher({
      db: database.db,
      mailbox,
      file: filer.file,
      logger,
      status,
      timing: TIMING,
      tokens,
    });
    try {
      const state = await status.until(
        mailbox.key,
        (current) => current.filed >= 1 && current.state === "ok",
      );
      expect(state.lastError).toMatch(/Authentication failed/);
    } finally {
      await fetcher.stop();
    }
    expect(await filedCount(database.db, mailbox.key)).toBe(1);
    expect(oauth.issued()).toBe(issuedBefore + 1);
    expect(await tokens.get()).not.toBe(revoked);
  });

  it("reports a refused client secret in the endpoint's words, never the secret", async () => {
    const wrong = "wrong-secret-9876543210";
    const { mailbox, status } = await start("oauth2-wrong-secret", wrong);
    const state = await status.until(mailbox.key, (current) => current.failures >= 2);
    expect(state.state).toBe("failing");
    expect(state.lastError).toContain("the OAuth2 token endpoint answered 401 (invalid_client:");
    expect(state.lastError).not.toContain(wrong);
  });
});

describe("the OAuth2 token source", () => {
  const client = () => ({
    tokenUrl: oauth.tokenUrl,
    clientId: CLIENT.id,
    clientSecret: CLIENT.secret,
    scope: SCOPE,
  });

  it("keeps a token until five minutes before it expires (half its life when shorter)", () => {
    expect(refreshTime(0, 3_600_000)).toBe(3_300_000);
    expect(refreshTime(1_000, 60_000)).toBe(31_000);
  });

  it("reuses the token while fresh, shares one request among callers, and fetches anew when due", async () => {
    let clock = 1_000_000;
    const tokens = createAccessTokenSource(client(), { now: () => clock });
    const issuedBefore = oauth.issued();
    const [first, same] = await Promise.all([tokens.get(), tokens.get()]);
    expect(same).toBe(first);
    expect(oauth.issued()).toBe(issuedBefore + 1);

    clock += 3_300_000 - 1;
    expect(await tokens.get()).toBe(first);
    clock += 1;
    const renewed = await tokens.get();
    expect(renewed).not.toBe(first);
    expect(oauth.issued()).toBe(issuedBefore + 2);

    tokens.forget(first);
    expect(await tokens.get()).toBe(renewed);
    tokens.forget(renewed);
    expect(await tokens.get()).not.toBe(renewed);
    expect(oauth.issued()).toBe(issuedBefore + 3);
  });
});

describe("IMAP_OAUTH2 settings", () => {
  it("are needed by a mailbox without a password, and need one another", () => {
    expect(() => parseEnv({ IMAP_URL: "imaps://deals%40example.com@outlook.office365.com/INBOX" })).toThrow(
      /IMAP_URL: user and password are required, or a user and IMAP_OAUTH2_TOKEN_URL/,
    );
    expect(() =>
      parseEnv({ IMAP_OAUTH2_TOKEN_URL: "https://login.example.com/token", IMAP_OAUTH2_CLIENT_ID: "a" }),
    ).toThrow(/IMAP_OAUTH2_CLIENT_SECRET: required when IMAP_OAUTH2_TOKEN_URL is set/);
    expect(() => parseEnv({ IMAP_OAUTH2_CLIENT_ID: "a" })).toThrow(
      /IMAP_OAUTH2_CLIENT_ID: needs IMAP_OAUTH2_TOKEN_URL/,
    );
    expect(() => parseEnv({ IMAP_OAUTH2_TOKEN_URL: "http://login.example.com/token" })).toThrow(
      /IMAP_OAUTH2_TOKEN_URL: expected an https:\/\/ URL/,
    );
    const env = parseEnv({
      IMAP_URL: "imaps://deals%40example.com@outlook.office365.com/INBOX",
      IMAP_OAUTH2_TOKEN_URL: "https://login.microsoftonline.com/tenant-id/oauth2/v2.0/token",
      IMAP_OAUTH2_CLIENT_ID: "client-id",
      IMAP_OAUTH2_CLIENT_SECRET: "client-secret",
      IMAP_OAUTH2_SCOPE: "https://outlook.office365.com/.default",
    });
    expect(env.IMAP_URL[0]).toMatchObject({ user: "deals@example.com", password: null, secure: true });
    expect(env.IMAP_OAUTH2).toEqual({
      tokenUrl: "https://login.microsoftonline.com/tenant-id/oauth2/v2.0/token",
      clientId: "client-id",
      clientSecret: "client-secret",
      scope: "https://outlook.office365.com/.default",
    });
    expect(parseEnv({}).IMAP_OAUTH2).toBeNull();
  });
});
