import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Logger, pino } from "pino";
import { afterAll, beforeAll } from "vitest";
import type { ReceivedMailLimits } from "~/content/received-mail-limits";
import {
  createReceivedMailFiler,
  type ReceivedMailConfig,
} from "~/lib/conversation/file-received-mail.server";
import { parseImapUrls } from "~/lib/conversation/imap-url.server";
import type { FetchTiming } from "~/lib/conversation/mailbox-fetcher.server";
import type { FileReceivedMail } from "~/lib/conversation/received-mail";
import { type MailboxFetching, startMailboxFetching } from "~/lib/conversation/mailbox-fetching.server";
import { createMailboxStatusBoard } from "~/lib/conversation/mailbox-status.server";
import type { Db } from "~/lib/db/db.server";
import { createMailSender } from "~/lib/mail/mail.server";
import { type ImapServer, startImapServer } from "./imap-server";
import { readThrough } from "./suite-database";

/** The site's sender: the desk's own mail, seen again in a mailbox, is not filed. */
export const DESK_FROM = "Volta Meridian <desk@site.example.test>";

/** MAIL_AUTHSERV_ID of the tests' receiving server: rawMail's Authentication-Results carry it. */
export const AUTHSERV_ID = "mx.site.example.test";

/** The server's own filer, as background-jobs.server.ts configures it from the environment. */
export function productionFilerConfig(): ReceivedMailConfig & { dispose(): void } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dovecot-desk-"));
  return {
    dataDir,
    ownAddresses: [DESK_FROM],
    acknowledge: true,
    adminEmails: [],
    siteUrl: "https://site.example.test",
    authservId: AUTHSERV_ID,
    dispose: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * A suite's Dovecot, with the mailbox user `deals`, and the production
 * filer's settings: started before its tests, removed after them.
 */
export function dovecotDeskForSuite(): { imap: ImapServer; config: ReceivedMailConfig } {
  const config = productionFilerConfig();
  let imap: ImapServer | undefined;
  beforeAll(async () => {
    imap = await startImapServer({ users: { deals: "deals-password" } });
  });
  afterAll(async () => {
    await imap?.dispose();
    config.dispose();
  });
  return {
    imap: readThrough(() => {
      if (!imap) throw new Error("the suite's Dovecot starts in beforeAll");
      return imap;
    }),
    config,
  };
}

/** The mail worker's sender, delivering to a test SMTP server. */
export function smtpSender(smtpUrl: string) {
  return createMailSender({ smtpUrl, mailDir: "/nonexistent", from: DESK_FROM });
}

/**
 * The production fetcher on one folder of the Dovecot, filing with the
 * production filer into `db`: what `startBackgroundJobs` runs for IMAP_URL.
 * The poll is slow unless asked: IDLE, not the poll, brings new mail.
 */
export function fetchIntoDesk(
  db: Db,
  imap: ImapServer,
  target: {
    user: string;
    folder: string;
    config: ReceivedMailConfig;
    timing?: Partial<FetchTiming>;
    mailLimits?: ReceivedMailLimits;
    logger?: Logger;
    /** Wraps the production filer (e.g. to make it fail after it wrote). */
    file?: (production: FileReceivedMail) => FileReceivedMail;
  },
) {
  const parsed = parseImapUrls(imap.url(target.user, target.folder));
  if (!("mailboxes" in parsed)) throw new Error(parsed.error);
  const mailbox = parsed.mailboxes[0]!;
  const status = createMailboxStatusBoard();
  const fetching: MailboxFetching = startMailboxFetching({
    db,
    env: { IMAP_URL: [mailbox] },
    logger: target.logger ?? pino({ level: "silent" }),
    file: (target.file ?? ((production) => production))(createReceivedMailFiler(target.config)),
    status,
    timing: { pollMs: 10 * 60_000, retryInitialMs: 20, retryMaxMs: 200, ...target.timing },
    mailLimits: target.mailLimits,
  });
  return {
    mailbox,
    status,
    stop: () => fetching.stop(),
    /** Resolves once `n` messages went past the cursor (filed, or skipped by the filer) and the look ended. */
    taken: (n: number) => status.until(mailbox.key, (state) => state.filed >= n && state.state === "ok"),
  };
}

interface RawMail {
  from: string;
  to?: string;
  subject: string;
  messageId: string;
  inReplyTo?: string;
  references?: string[];
  /** Further header lines, e.g. `Auto-Submitted: auto-replied`. */
  headers?: string[];
  /**
   * The receiving server's Authentication-Results line; by default DMARC
   * passed for the From domain, as for a genuine sender.
   */
  authenticationResults?: string;
  body: string;
}

/** A plain RFC 5322 text message, as a mail client sends it. */
export function rawMail(mail: RawMail): string {
  const fromDomain = /@([^>\s]+)/.exec(mail.from)?.[1] ?? "";
  return [
    `Authentication-Results: ${mail.authenticationResults ?? `${AUTHSERV_ID}; dmarc=pass header.from=${fromDomain}`}`,
    `From: ${mail.from}`,
    `To: ${mail.to ?? "deals@site.example.test"}`,
    `Subject: ${mail.subject}`,
    `Date: ${new Date().toUTCString().replace("GMT", "+0000")}`,
    `Message-ID: <${mail.messageId}>`,
    ...(mail.inReplyTo ? [`In-Reply-To: <${mail.inReplyTo}>`] : []),
    ...(mail.references?.length ? [`References: ${mail.references.map((id) => `<${id}>`).join(" ")}`] : []),
    ...(mail.headers ?? []),
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
    "",
    mail.body,
    "",
  ].join("\r\n");
}

/**
 * A delivery status notification (RFC 3464) as Postfix writes it: the
 * human part, the machine-readable status, and the headers of the mail
 * that bounced.
 */
export function bounceOf(bounced: { to: string; messageId: string; subject: string }, id: string): string {
  const boundary = `bounce-${id}`;
  return [
    "From: MAILER-DAEMON@mx.buyer.example.test (Mail Delivery System)",
    "To: desk@site.example.test",
    "Subject: Undelivered Mail Returned to Sender",
    `Date: ${new Date().toUTCString().replace("GMT", "+0000")}`,
    `Message-ID: <${id}@mx.buyer.example.test>`,
    "Auto-Submitted: auto-replied",
    "MIME-Version: 1.0",
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Description: Notification",
    "Content-Type: text/plain; charset=us-ascii",
    "",
    "This is the mail system at host mx.buyer.example.test.",
    "I'm sorry to have to inform you that your message could not be delivered.",
    "",
    `--${boundary}`,
    "Content-Description: Delivery report",
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; mx.buyer.example.test",
    "",
    `Final-Recipient: rfc822; ${bounced.to}`,
    "Action: failed",
    "Status: 5.1.1",
    "Diagnostic-Code: smtp; 550 5.1.1 <" + bounced.to + ">: Recipient address rejected",
    "",
    `--${boundary}`,
    "Content-Description: Undelivered Message Headers",
    "Content-Type: text/rfc822-headers",
    "",
    `From: ${DESK_FROM}`,
    `To: ${bounced.to}`,
    `Subject: ${bounced.subject}`,
    `Message-ID: <${bounced.messageId}>`,
    "",
    `--${boundary}--`,
    "",
  ].join("\r\n");
}

/** `<id@host>` → `id@host`. */
export function unbracketed(header: string | undefined): string {
  const id = /<([^<>]+)>/.exec(header ?? "")?.[1];
  if (!id) throw new Error(`no Message-ID in ${JSON.stringify(header)}`);
  return id;
}
