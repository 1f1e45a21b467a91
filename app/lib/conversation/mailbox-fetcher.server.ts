import { ImapFlow } from "imapflow";
import type { Logger } from "pino";
import { type AttachmentLimits, attachmentLimits } from "~/content/attachment-limits";
import { type ReceivedMailLimits, receivedMailLimits } from "~/content/received-mail-limits";
import type { Db } from "~/lib/db/db.server";
import { isLoopbackHost, type MailboxAddress } from "~/lib/conversation/imap-url.server";
import { UnreadableMailError } from "~/lib/conversation/mail-parse-worker.server";
import { reasonText, setAsideUnderCursor } from "~/lib/conversation/mail-not-filed.server";
import {
  fileUnderCursor,
  readCursor,
  recordFetched,
  recordFetchError,
  uidsTakenUpTo,
} from "~/lib/conversation/mailbox-cursor.server";
import type { MailboxStatusBoard } from "~/lib/conversation/mailbox-status.server";
import type { AccessTokenSource } from "~/lib/conversation/oauth2-token.server";
import { parseReceivedMail } from "~/lib/conversation/parse-received-mail.server";
import type { FileReceivedMail } from "~/lib/conversation/received-mail";

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

const DEFAULT_FETCH_TIMING: FetchTiming = {
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

interface MailboxFetcherOptions {
  db: Db;
  mailbox: MailboxAddress;
  file: FileReceivedMail;
  logger: Logger;
  status: MailboxStatusBoard;
  timing?: Partial<FetchTiming>;
  limits?: AttachmentLimits;
  mailLimits?: ReceivedMailLimits;
  /** Tokens for a mailbox without a password (IMAP_OAUTH2_*). */
  tokens?: AccessTokenSource | null;
}

/** The SQLSTATE of a database error, also when a query builder wrapped it (as its cause). */
function sqlState(error: unknown): string | null {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    cause = (cause as { cause?: unknown }).cause;
  }
  return null;
}

/** Refused for what the message holds (data exception, constraint, limit): filing it again fails again. */
function refusedForItsData(error: unknown): boolean {
  return /^(22|23|54)/.test(sqlState(error) ?? "");
}

/**
 * An error's message for logs and the cursor row: without the password should a server echo it, and without
 * query parameters (they are the mail's data).
 */
function describe(error: unknown, mailbox: MailboxAddress): string {
  const details = error as { code?: string; responseText?: string; message?: string; cause?: unknown };
  const cause = details.cause as { message?: string } | undefined;
  const state = sqlState(error);
  const text = state
    ? `${state}: ${(state === details.code ? details.message : cause?.message) ?? ""}`
    : [details.code, details.responseText ?? details.message ?? String(error)].filter(Boolean).join(": ");
  const safe = reasonText(text);
  return mailbox.password === null ? safe : safe.replaceAll(mailbox.password, "***");
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
 * Fetches one mailbox folder read-only (EXAMINE: nothing is flagged, moved or deleted) for as long as the server
 * runs. A failure is recorded and retried with exponential backoff; it never ends the loop or the process.
 */
export function startMailboxFetcher(options: MailboxFetcherOptions) {
  const { db, mailbox, file, logger, status, tokens } = options;
  const timing = { ...DEFAULT_FETCH_TIMING, ...options.timing };
  const limits = options.limits ?? attachmentLimits;
  const mailLimits = options.mailLimits ?? receivedMailLimits;
  const log = logger.child({ mailbox: mailbox.key });
  let stopped = false;
  let client: ImapFlow | null = null;
  /** Wakes whatever the loop waits on (new mail, the poll, a retry, the stop). */
  let wake: () => void = () => {};
  let newMail = false;
  let failures = 0;
  /** The message whose filing failed last, and how many times in a row. */
  let failing = { uidValidity: 0, uid: 0, attempts: 0, reason: "" };

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
      // Opened again each round: a server need not tell a connected client that the folder was rebuilt, and a
      // stale UIDVALIDITY would take new UIDs for ones already filed.
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
      const sizes = new Map(listed.map((message) => [message.uid, message.size ?? null]));
      // Over the size limit by the server's account: never downloaded.
      const small = batch.filter((uid) => (sizes.get(uid) ?? 0) <= mailLimits.messageBytes);
      const messages =
        small.length === 0
          ? []
          : await connection.fetchAll(
              small.join(","),
              // Whatever the listing said, no more than the limit (and a byte) is ever held.
              { uid: true, source: { maxLength: mailLimits.messageBytes + 1 } },
              { uid: true },
            );
      const sources = new Map(messages.map((message) => [message.uid, message.source]));
      for (const uid of batch) {
        if (stopped) return;
        const target = { mailbox: mailbox.key, uidValidity, uid, listedAfter };
        const setAside = async (reason: string) => {
          log.warn({ uid, uidValidity, reason }, "message set aside: not filed");
          return setAsideUnderCursor(db, target, { size: sizes.get(uid) ?? null, reason });
        };
        const source = sources.get(uid);
        let outcome: "filed" | "taken" | "stale";
        if (
          (sizes.get(uid) ?? 0) > mailLimits.messageBytes ||
          (source && source.byteLength > mailLimits.messageBytes)
        ) {
          outcome = await setAside(`over the size limit of ${mailLimits.messageBytes} bytes`);
        } else if (!source) {
          // Expunged between the listing and the fetch: it is gone, and skipped.
          continue;
        } else if (
          failing.uid === uid &&
          failing.uidValidity === uidValidity &&
          failing.attempts >= mailLimits.filingAttempts
        ) {
          outcome = await setAside(`filing failed ${failing.attempts} times: ${failing.reason}`);
        } else {
          const filing = parseReceivedMail(source, mailbox.key, limits, mailLimits).then((mail) =>
            fileUnderCursor(db, target, (tx) => file(tx, mail)),
          );
          outcome = await filing.catch(async (error: unknown) => {
            if (error instanceof UnreadableMailError) return setAside(error.message);
            if (refusedForItsData(error))
              return setAside(`refused by the database: ${describe(error, mailbox)}`);
            const again = failing.uid === uid && failing.uidValidity === uidValidity;
            failing = {
              uidValidity,
              uid,
              attempts: again ? failing.attempts + 1 : 1,
              reason: describe(error, mailbox),
            };
            throw new Error(`message UID ${uid} could not be filed: ${describe(error, mailbox)}`);
          });
        }
        if (failing.uid === uid) failing = { uidValidity: 0, uid: 0, attempts: 0, reason: "" };
        if (outcome === "filed") {
          status.filed(mailbox);
          // A message went past the cursor: the next failure is a new one, waited on from the first delay.
          failures = 0;
        }
        if (outcome === "stale") break;
      }
    }
  };

  const connectAndFollow = async () => {
    status.connecting(mailbox);
    let token: string | null = null;
    if (mailbox.password === null) {
      if (!tokens) throw new Error("no password, and no OAuth2 client to get a token from");
      token = await tokens.get();
    }
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
      // Recovered: the next failure waits the first delay again, not the last one doubled.
      failures = 0;
      await pause(timing.pollMs);
      if (!connection.usable && !stopped) throw new Error("the connection closed");
    }
  };

  const run = async () => {
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
      }
    }
  };

  const running = run();
  return {
    async stop() {
      stopped = true;
      wake();
      // Ends a command waiting on a slow server; a filing transaction finishes (or rolls back) whole.
      client?.close();
      await running;
    },
  };
}
