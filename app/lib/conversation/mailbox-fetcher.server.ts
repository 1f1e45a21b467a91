import { ImapFlow } from "imapflow";
import type { Logger } from "pino";
import { type AttachmentLimits, attachmentLimits } from "~/content/attachment-limits";
import type { Db } from "../db/db.server";
import { isLoopbackHost, type MailboxAddress } from "./imap-url.server";
import {
  fileUnderCursor,
  readCursor,
  recordFetched,
  recordFetchError,
  uidsTakenUpTo,
} from "./mailbox-cursor.server";
import type { MailboxStatusBoard } from "./mailbox-status.server";
import type { AccessTokenSource } from "./oauth2-token.server";
import { parseReceivedMail } from "./parse-received-mail.server";
import type { FileReceivedMail } from "./received-mail";

export interface FetchTiming {
  /** A full look for new mail this often, even where IDLE tells of new mail at once. */
  pollMs: number;
  /** The first retry after a failure; doubled per failure up to `retryMaxMs`. */
  retryInitialMs: number;
  retryMaxMs: number;
  /** Messages downloaded per round, at most (each is held whole in memory until filed)… */
  batchSize: number;
  /** …and at most this many bytes of them, though always at least one message. */
  batchBytes: number;
}

export const DEFAULT_FETCH_TIMING: FetchTiming = {
  pollMs: 60_000,
  retryInitialMs: 5_000,
  retryMaxMs: 5 * 60_000,
  batchSize: 20,
  batchBytes: 32 * 1024 * 1024,
};

/** The UIDs of the next round: in order, within the count and byte budgets. */
function takeBatch(listed: { uid: number; size?: number }[], timing: FetchTiming): number[] {
  const batch: number[] = [];
  let bytes = 0;
  for (const message of listed) {
    bytes += message.size ?? 0;
    if (batch.length > 0 && (batch.length >= timing.batchSize || bytes > timing.batchBytes)) break;
    batch.push(message.uid);
  }
  return batch;
}

export interface MailboxFetcherOptions {
  db: Db;
  mailbox: MailboxAddress;
  file: FileReceivedMail;
  logger: Logger;
  status: MailboxStatusBoard;
  timing?: Partial<FetchTiming>;
  limits?: AttachmentLimits;
  /** Tokens for a mailbox without a password (IMAP_OAUTH2_*). */
  tokens?: AccessTokenSource | null;
}

export interface MailboxFetcher {
  /** Finishes the message being filed, closes the connection, and stops. */
  stop(): Promise<void>;
}

/** An error's message for logs and the cursor row, with the password taken out should a server echo it. */
function describe(error: unknown, mailbox: MailboxAddress): string {
  const details = error as { code?: string; responseText?: string; message?: string };
  const text = [details.code, details.responseText ?? details.message ?? String(error)]
    .filter(Boolean)
    .join(": ");
  return mailbox.password === null ? text : text.replaceAll(mailbox.password, "***");
}

/** With a token, XOAUTH2 (or OAUTHBEARER where offered); else the password. */
function createClient(mailbox: MailboxAddress, accessToken: string | null): ImapFlow {
  return new ImapFlow({
    host: mailbox.host,
    port: mailbox.port,
    secure: mailbox.secure,
    // Credentials never cross a network in cleartext: imap:// must upgrade,
    // except to a server on this machine.
    doSTARTTLS: mailbox.secure || isLoopbackHost(mailbox.host) ? undefined : true,
    auth: accessToken
      ? { user: mailbox.user, accessToken }
      : { user: mailbox.user, pass: mailbox.password ?? undefined },
    logger: false,
    connectionTimeout: 30_000,
    // IDLE soon after each look, so new mail is told of at once.
    autoIdleDelay: 1_000,
  });
}

/**
 * Fetches one mailbox folder for as long as the server runs: connects,
 * opens the folder read-only (EXAMINE: nothing is flagged, moved or
 * deleted), files every message after the cursor, then waits for IDLE's
 * news of new mail or the next poll. A failure (server down, password
 * refused, filer error) is recorded and retried with exponential backoff;
 * it never ends the loop or the process.
 */
export function startMailboxFetcher(options: MailboxFetcherOptions): MailboxFetcher {
  const { db, mailbox, file, logger, status, tokens } = options;
  const timing = { ...DEFAULT_FETCH_TIMING, ...options.timing };
  const limits = options.limits ?? attachmentLimits;
  const log = logger.child({ mailbox: mailbox.key });
  let stopped = false;
  let client: ImapFlow | null = null;
  /** Wakes whatever the loop waits on (new mail, the poll, a retry, the stop). */
  let wake: () => void = () => {};
  let newMail = false;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = () => {};
        resolve();
      }
      wake = done;
      if (stopped || newMail) done();
    });

  /** Files everything after the cursor, a batch at a time. */
  const fetchNew = async (connection: ImapFlow): Promise<void> => {
    for (;;) {
      newMail = false;
      // Opened again each round: a server need not tell a connected client
      // that the folder was rebuilt (Dovecot does not), and a stale
      // UIDVALIDITY would take new UIDs for ones already filed.
      const opened = await connection.mailboxOpen(mailbox.folder, { readOnly: true });
      const uidValidity = Number(opened.uidValidity);
      const listedAfter = uidsTakenUpTo(await readCursor(db, mailbox.key), uidValidity);
      const found = await connection.fetchAll(
        `${listedAfter + 1}:*`,
        { uid: true, size: true },
        { uid: true },
      );
      // `n:*` names the last message even when n is past it.
      const listed = found.filter((message) => message.uid > listedAfter).sort((a, b) => a.uid - b.uid);
      if (listed.length === 0) return;
      const batch = takeBatch(listed, timing);
      const messages = await connection.fetchAll(batch.join(","), { uid: true, source: true }, { uid: true });
      messages.sort((a, b) => a.uid - b.uid);
      for (const message of messages) {
        if (stopped) return;
        // A message expunged between the search and the fetch has no source: it is gone, and skipped.
        if (!message.source) continue;
        const mail = await parseReceivedMail(message.source, mailbox.key, limits).catch((error: unknown) => {
          throw new Error(`message UID ${message.uid} could not be parsed: ${describe(error, mailbox)}`);
        });
        const outcome = await fileUnderCursor(
          db,
          { mailbox: mailbox.key, uidValidity, uid: message.uid, listedAfter },
          (tx) => file(tx, mail),
        );
        if (outcome === "filed") status.filed(mailbox);
        if (outcome === "stale") break;
      }
    }
  };

  /** A token for a mailbox without a password, from the shared source (kept while fresh). */
  const accessToken = async (): Promise<string | null> => {
    if (mailbox.password !== null) return null;
    if (!tokens) throw new Error("no password, and no OAuth2 client to get a token from");
    return tokens.get();
  };

  const connectAndFollow = async () => {
    status.connecting(mailbox);
    const token = await accessToken();
    const connection = createClient(mailbox, token);
    client = connection;
    // An error event without a listener would end the process.
    connection.on("error", (error: unknown) => {
      log.warn({ error: describe(error, mailbox) }, "mailbox connection error");
      wake();
    });
    connection.on("close", () => wake());
    connection.on("exists", () => {
      newMail = true;
      wake();
    });
    await connection.connect().catch((error: unknown) => {
      // A refused token is not offered again: the retry asks the endpoint for a new one.
      if (token && (error as { authenticationFailed?: boolean }).authenticationFailed) tokens?.forget(token);
      throw error;
    });
    status.connected(mailbox, connection.capabilities.has("IDLE") ? "idle" : "poll");
    while (!stopped) {
      await fetchNew(connection);
      if (stopped) return;
      await recordFetched(db, mailbox.key);
      status.fetched(mailbox, new Date());
      await pause(timing.pollMs);
      if (!connection.usable && !stopped) throw new Error("the connection closed");
    }
  };

  const run = async () => {
    let failures = 0;
    while (!stopped) {
      try {
        await connectAndFollow();
      } catch (error) {
        if (stopped) break;
        failures++;
        const delay = Math.min(timing.retryInitialMs * 2 ** (failures - 1), timing.retryMaxMs);
        const message = describe(error, mailbox);
        status.failed(mailbox, message, delay);
        log.warn({ error: message, failures, retryInMs: delay }, "mailbox fetch failed; retrying");
        await recordFetchError(db, mailbox.key, message).catch(() => {
          // the database may be what failed; the log line stands
        });
        client?.close();
        client = null;
        newMail = false;
        await pause(delay);
        continue;
      }
      failures = 0;
    }
  };

  const running = run();
  return {
    async stop() {
      stopped = true;
      wake();
      // Ends a command waiting on a slow server; a filing transaction in
      // progress is the database's and finishes (or rolls back) whole.
      client?.close();
      await running;
    },
  };
}
