import fs from "node:fs";
import { startClamd } from "../../support/clamd";
import { startSmtpSink } from "../../support/smtp-sink";

/**
 * A real SMTP server for the app under test (SMTP_URL in playwright.config.ts
 * points here). Every message it receives is appended to E2E_MAIL_LOG as one
 * JSON line, where tests read it (tests/e2e/support/mailbox.ts). And a real
 * clamd (CLAMD_ADDRESS there) with the one signature that finds EICAR.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_SMTP_PORT);
  const clamdPort = Number(process.env.E2E_CLAMD_PORT);
  const logFile = process.env.E2E_MAIL_LOG;
  if (!port || !clamdPort || !logFile)
    throw new Error("E2E_SMTP_PORT, E2E_CLAMD_PORT and E2E_MAIL_LOG must be set by playwright.config.ts");
  fs.writeFileSync(logFile, "");

  const sink = await startSmtpSink({
    port,
    onMail: ({ to, raw }) => {
      const recipients = to.map((address) => address.toLowerCase());
      fs.appendFileSync(logFile, JSON.stringify({ to: recipients, raw }) + "\n");
    },
  });
  const clamd = await startClamd({ port: clamdPort });
  return async () => {
    await Promise.all([sink.close(), clamd.dispose()]);
  };
}
