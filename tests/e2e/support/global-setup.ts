import fs from "node:fs";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server for the app under test (SMTP_URL in playwright.config.ts
 * points here). Every message it receives is appended to E2E_MAIL_LOG as one
 * JSON line, where tests read it (tests/e2e/support/mailbox.ts).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_SMTP_PORT);
  const logFile = process.env.E2E_MAIL_LOG;
  if (!port || !logFile)
    throw new Error("E2E_SMTP_PORT and E2E_MAIL_LOG must be set by playwright.config.ts");
  fs.writeFileSync(logFile, "");

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
        fs.appendFileSync(
          logFile,
          JSON.stringify({ to, raw: Buffer.concat(chunks).toString("utf8") }) + "\n",
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
