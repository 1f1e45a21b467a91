import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "~/lib/db/db.server";
import type { Env } from "~/lib/env.server";
import { enqueueJob } from "~/lib/jobs/job-queue.server";
import { logger } from "~/lib/ops/logger.server";
import { ensurePrivateDir, PRIVATE_FILE_MODE } from "~/lib/ops/private-files.server";
import { mailJob } from "~/lib/mail/mail-job.server";

export interface MailMessage {
  /** What the mail is for, e.g. "inquiry-notification"; stored as the job's `purpose`. */
  kind: string;
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** The inquiry this mail is about, if any. */
  inquiryId?: string;
  /** Threading: its own Message-ID and the ones it answers (all without angle brackets). */
  threading?: MailThreading;
}

export interface MailThreading {
  messageId: string;
  inReplyTo?: string | null;
  references?: string[];
}

/** A Message-ID as a header wants it: one token in angle brackets, nothing that could break the line. */
function bracketed(id: string): string {
  return `<${id.replace(/[<>\s]/g, "")}>`;
}

/** Header values never carry line breaks: no header injection. */
export function stripLineBreaks(value: string): string {
  return value.replace(/[\r\n]+/g, " ").trim();
}

/** Queues a mail in the transaction that records what it is about; null when there was nobody to send it to. */
export async function enqueueMail(db: Db, message: MailMessage): Promise<string | null> {
  const to = (Array.isArray(message.to) ? message.to : [message.to]).map(stripLineBreaks).filter(Boolean);
  if (to.length === 0) return null;
  return enqueueJob(
    db,
    mailJob,
    {
      purpose: message.kind,
      to,
      replyTo: message.replyTo ? stripLineBreaks(message.replyTo) : null,
      subject: stripLineBreaks(message.subject),
      text: message.text,
      html: message.html,
      ...(message.threading ? { threading: message.threading } : {}),
    },
    { inquiryId: message.inquiryId },
  );
}

export interface MailSender {
  /** Delivers one message or throws. */
  send(message: {
    to: string[];
    replyTo: string | null;
    subject: string;
    text: string;
    html: string;
    threading?: MailThreading;
    /** The Auto-Submitted value (RFC 3834) of mail the site sends by itself; absent for a person's. */
    autoSubmitted?: "auto-replied" | "auto-generated" | null;
  }): Promise<void>;
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in DATA_DIR/mail. */
export function createMailSender(options: { smtpUrl?: string; mailDir: string; from: string }): MailSender {
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport(
        // A dead mail server must fail fast: the job queue retries later.
        { url: options.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
        { from: options.from },
      )
    : nodemailer.createTransport(
        { streamTransport: true, buffer: true, newline: "unix" },
        { from: options.from },
      );

  return {
    async send(message) {
      const info = await transport.sendMail({
        to: message.to,
        replyTo: message.replyTo ?? undefined,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.autoSubmitted
          ? {
              headers: {
                "Auto-Submitted": message.autoSubmitted,
                // Exchange and Outlook ignore Auto-Submitted without this.
                "X-Auto-Response-Suppress": "All",
              },
            }
          : {}),
        ...(message.threading
          ? {
              messageId: bracketed(message.threading.messageId),
              inReplyTo: message.threading.inReplyTo ? bracketed(message.threading.inReplyTo) : undefined,
              references: message.threading.references?.length
                ? message.threading.references.map(bracketed)
                : undefined,
            }
          : {}),
      });
      if (!options.smtpUrl) {
        // Mail holds visitors' messages: the service user's alone.
        ensurePrivateDir(options.mailDir, { tighten: true });
        const file = path.join(
          options.mailDir,
          `${new Date().toISOString().replace(/[:.]/g, "-")}-${Math.random().toString(36).slice(2, 8)}.eml`,
        );
        await fs.writeFile(file, (info as { message: Buffer }).message, {
          mode: PRIVATE_FILE_MODE,
          flag: "wx",
        });
        logger.info({ file }, "mail written to file (SMTP_URL is not set)");
      }
    },
    close: () => transport.close(),
  };
}

export function createMailSenderFromEnv(env: Env): MailSender {
  return createMailSender({
    smtpUrl: env.SMTP_URL,
    mailDir: path.resolve(env.DATA_DIR, "mail"),
    from: env.MAIL_FROM,
  });
}
