import fs from "node:fs";
import { expect } from "@playwright/test";
import { parseMail } from "./mail-mime";

interface ReceivedMail {
  to: string[];
  subject: string;
  /** The decoded text/plain part. */
  text: string;
}

function readMailbox(): ReceivedMail[] {
  const file = process.env.E2E_MAIL_LOG;
  if (!file) throw new Error("E2E_MAIL_LOG is not set");
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const { to, raw } = JSON.parse(line) as { to: string[]; raw: string };
      return { to, ...parseMail(raw) };
    });
}

export function mailsTo(address: string): ReceivedMail[] {
  return readMailbox().filter((mail) => mail.to.includes(address.toLowerCase()));
}

/** Waits for the `count`-th mail to `address` whose subject matches, and returns it. */
export async function waitForMail(address: string, subject: RegExp, count = 1): Promise<ReceivedMail> {
  await expect
    .poll(() => mailsTo(address).filter((mail) => subject.test(mail.subject)).length, {
      timeout: 20_000,
      // The job worker sends as soon as the action commits: every 100 ms, not
      // Playwright's default back-off to one check a second, finds it as it lands.
      intervals: [100],
    })
    .toBeGreaterThanOrEqual(count);
  return mailsTo(address).filter((mail) => subject.test(mail.subject))[count - 1]!;
}

/** The first link to this site's `path` in a mail's text. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const match = new RegExp(`https?://[^\\s]+${path.replace(/[/?]/g, "\\$&")}[^\\s]*`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in mail "${mail.subject}":\n${mail.text}`);
  return match[0];
}
