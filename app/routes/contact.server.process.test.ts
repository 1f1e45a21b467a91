import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, spawnServer } from "../../tests/support/server-process";
import { startSmtpSink } from "../../tests/support/smtp-sink";
import { CONTACT_FORM_PURPOSE } from "~/routes/contact.server";
import { FORM_TOKEN_FIELD, issueFormToken } from "~/lib/http/form-guard.server";
import { createPgliteDataDir } from "../../tests/support/test-database";

const SECRET = "contact-process-test-secret-0123456789abcdef";

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) in a header. */
function decodeHeader(value = ""): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) => {
      if (encoding.toUpperCase() === "B") return Buffer.from(text, "base64").toString("utf8");
      const bytes = text
        .replace(/_/g, " ")
        .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return Buffer.from(bytes, "latin1").toString("utf8");
    });
}

/**
 * The whole path through the production build: Express guards, the route's
 * action, the job worker and a real SMTP server.
 */
describe("the contact form in the production server", () => {
  let server: ServerProcess;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let tempDir: string;

  beforeAll(async () => {
    tempDir = createPgliteDataDir("contact-process-");
    smtp = await startSmtpSink();
    server = await spawnServer({
      DATA_DIR: tempDir,
      SMTP_URL: smtp.url,
      ADMIN_EMAILS: "Admin@Example.test, owner@example.test",
      BETTER_AUTH_SECRET: SECRET,
      CONTACT_RATE_LIMIT: "0",
      MAIL_FROM: "Volta Meridian <no-reply@example.test>",
    });
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
    await smtp?.close();
    fs.rmSync(tempDir, { recursive: true, force: true });
  });

  /** As a browser would post it: the token is one from a page opened a minute ago. */
  function post(fields: Record<string, string>, init: RequestInit = {}) {
    const body = new URLSearchParams({
      [FORM_TOKEN_FIELD]: issueFormToken(SECRET, CONTACT_FORM_PURPOSE, Date.now() - 60_000),
      ...fields,
    });
    return fetch(`${server.url}/contact`, { method: "POST", body, redirect: "manual", ...init });
  }

  it("serves the form with a signed token and the prefilled interest", async () => {
    const response = await fetch(`${server.url}/contact?interest=consultation`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/name="form_token" value="\d+\.[\w-]{12}\.[\w-]{43}"/);
    expect(html).toMatch(/<option value="consultation" selected="">/);
    // A refused inquiry's answer opens at the error summary, without JavaScript too.
    expect(html).toMatch(/<form[^>]*action="\/contact#contact-errors"[^>]*method="post"/);
  });

  it("stores an inquiry, confirms after the redirect, and mails the admins and the visitor", async () => {
    const fields = {
      name: "Ama Mensah",
      company: "Mensah & Sons <Mining>",
      email: "ama@example.test",
      phone: "+44 20 7946 0000",
      whatsapp: "+233 24 123 4567",
      interest: "gold-selling",
      deal_size: "confidential",
      message: "We have 20 kg of dore to sell.",
    };
    const response = await post(fields);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/contact#inquiry-sent");

    // Without JavaScript the browser follows the redirect with the flash cookie.
    const cookie = response.headers.getSetCookie()[0]!.split(";")[0]!;
    const page = await (await fetch(`${server.url}/contact`, { headers: { cookie } })).text();
    expect(page).toContain("Message Sent Successfully");
    expect(page).toContain("Thank you for your inquiry. We&#x27;ll respond within 24 hours.");
    // The confirmation: the reference to quote, when and from where the reply comes, the spam folder.
    const shownReference = /data-testid="inquiry-reference"[^>]*>(VM-[0-9A-F]{8})</.exec(page)?.[1];
    expect(shownReference).toBeDefined();
    expect(page).toContain('id="inquiry-sent"');
    expect(page).toMatch(
      /will reply within 24 hours, not counting Sundays, by email from <strong>no-reply@example.test<\/strong>/,
    );
    expect(page).toContain("check your spam or junk folder");

    // Beside the week's report a first start catches up on.
    const notification = await smtp.waitFor(
      (mail) => mail.to.includes("admin@example.test") && mail.headers["reply-to"] !== undefined,
    );
    expect(notification.to.sort()).toEqual(["admin@example.test", "owner@example.test"]);
    expect(notification.headers["reply-to"]).toBe("ama@example.test");
    expect(decodeHeader(notification.headers["subject"])).toContain("New inquiry from Ama Mensah");
    for (const value of [
      "Ama Mensah",
      "Mensah & Sons <Mining>",
      "Mensah &amp; Sons &lt;Mining&gt;",
      "ama@example.test",
      "+44 20 7946 0000",
      "+233 24 123 4567",
      "Gold Selling",
      "Prefer to discuss",
      "We have 20 kg of dore to sell.",
      `http://localhost:${new URL(server.url).port}/dashboard`,
    ]) {
      expect(notification.decoded).toContain(value);
    }

    const acknowledgement = await smtp.waitFor((mail) => mail.to.includes("ama@example.test"));
    const reference = /reference (VM-[0-9A-F]{8})/.exec(
      decodeHeader(acknowledgement.headers["subject"]),
    )?.[1];
    expect(reference).toBeDefined();
    expect(decodeHeader(notification.headers["subject"])).toContain(reference);
    expect(acknowledgement.decoded).toContain(`Your reference number: ${reference}`);
    // The page named the same inquiry as the acknowledgement.
    expect(shownReference).toBe(reference);
    expect(acknowledgement.decoded).toContain("within 24 hours");
    expect(acknowledgement.headers["from"]).toContain("no-reply@example.test");
  });

  it("answers 400 with the messages beside the fields and the values kept", async () => {
    const response = await post({
      name: "Kofi",
      email: "not-an-email",
      interest: "gold-buying",
      message: "Hi",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please correct the following:");
    expect(html).toMatch(
      /id="contact-email"[^>]*aria-invalid="true"[^>]*aria-describedby="contact-email-error"/,
    );
    expect(html).toContain('href="#contact-email"');
    expect(html).toMatch(/name="email"[^>]*value="not-an-email"/);
  });

  it("refuses a body over 64 KB with 413 before the action runs", async () => {
    const response = await post({ name: "Big", email: "big@example.test", message: "x".repeat(70_000) });
    expect(response.status).toBe(413);
  });

  it("refuses a cross-origin post with 403", async () => {
    const response = await post({ name: "X" }, { headers: { origin: "https://evil.example" } });
    expect(response.status).toBe(403);
  });
});
