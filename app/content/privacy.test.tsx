import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SESSION_ABSOLUTE_MAX_MS, SESSION_EXPIRES_IN_SECONDS } from "~/lib/auth/auth.server";
import { allowBackupCodesOnce } from "~/lib/auth/backup-codes-once.server";
import Privacy from "~/routes/privacy";
import { createTestApp, createTestContext } from "../../tests/support/test-context";
import { company } from "~/content/company";
import {
  ADMIN_STRONG_AUTHENTICATION,
  BACKUP_CODES_COOKIE,
  buildPrivacyPage,
  PRIVACY_NOTICE_VERSION,
  SCROLL_STORAGE_NOTICE,
  serverLogNotice,
  VISIT_SOURCE_NOTICE,
  VISIT_STORAGE_NOTICE,
} from "~/content/privacy";
import { VISIT_SOURCE_FIELDS } from "~/forms/visit-source";
import { authLinks } from "~/content/auth-links";
import { retention } from "~/content/retention";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The /privacy page as visitors get it, as plain text. */
function renderedText(): string {
  return renderToStaticMarkup(<Privacy />)
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

describe("the privacy notice keeps its promises", () => {
  const text = renderedText();
  const section = (heading: string) => text.slice(text.lastIndexOf(heading));

  it("states every retention period the job applies, from the same configuration", () => {
    const retentionSection = section("4. How long we keep your data");
    for (const phrase of [
      `every ${retention.jobIntervalHours} hour`,
      `Inquiries: ${retention.inquiryMonths} months after their last activity`,
      `spam: ${retention.spamDays} days after their last activity`,
      `${retention.deliveredMailDays} days after delivery`,
      `${retention.failedMailDays} days after we stop trying`,
      `never more than ${retention.rateLimitMaxWindowHours} hours`,
      `for ${retention.inactiveAccountMonths} months gets a warning email`,
      `deleted ${retention.inactiveAccountGraceDays} days after the warning`,
      `at the latest ${retention.backupDays} days after it was taken`,
      `for ${retention.erasureRecordYears} years`,
      `at the latest ${authLinks.resetPasswordHours} hour`,
    ]) {
      expect(retentionSection).toContain(phrase);
    }
  });

  it("counts an inquiry's activity as the retention job does: opening it does not count (decision 026)", () => {
    const retentionSection = section("4. How long we keep your data");
    // inquiryLastActivity (app/lib/privacy/declarations/inquiry-tables.server.ts) leaves read_at out.
    expect(retentionSection).not.toContain("opened by our team");
    expect(retentionSection).toContain(
      "when the inquiry arrived, you last emailed us about it, its notes were last changed, or our team last replied to it or changed its status or owner; opening it does not count",
    );
  });

  it("says what is kept from emails and attachments, and for how long, from the configuration", () => {
    const collected = section("2. The personal data we collect");
    for (const phrase of [
      "its text (an email written in HTML is kept as plain text",
      "SPF, DKIM and DMARC",
      "its attachments, within our size limits per file and per email, each checked by a virus scanner before our team can open it; for a larger one, or one the scanner finds infected (which we delete), we keep only its name, type and size",
      "automatic replies",
    ]) {
      expect(collected).toContain(phrase);
    }
    expect(section("4. How long we keep your data")).toContain(
      `Emails you send us about an inquiry (their text, sender checks and attachments): as long as the inquiry, that is ${retention.inquiryMonths} months after its last activity (${retention.spamDays} days if it is spam), and deleted with it, attachment files included.`,
    );
  });

  it("states a period for replies, the outbox's contact details, mail files and backups (decision 027)", () => {
    const retentionSection = section("4. How long we keep your data");
    expect(retentionSection).toContain(
      "Our replies to you and the record of how your inquiry was handled: as long as the inquiry, and deleted with it.",
    );
    expect(retentionSection).toContain(
      "Replies to you that our team is still drafting, and the follow-up reminders it sets on your inquiry: as long as the inquiry",
    );
    expect(retentionSection).toContain(
      `with the names and email addresses they are addressed to, in our outgoing mail queue: ${retention.deliveredMailDays} days after delivery`,
    );
    expect(retentionSection).toContain(
      `those files are also deleted ${retention.deliveredMailDays} days after they were written`,
    );
    expect(retentionSection).toContain(
      "including data erased or deleted since then, until the backup itself is deleted",
    );
  });

  it("states the session lifetime the sign-in system enforces, and that sessions hold IP address and user agent", () => {
    const idleDays = SESSION_EXPIRES_IN_SECONDS / (24 * 60 * 60);
    const maxDays = SESSION_ABSOLUTE_MAX_MS / DAY_MS;
    expect(text).toContain(
      `expires after ${idleDays} days without use and at the latest ${maxDays} days after you signed in`,
    );
    expect(text).toContain("Sessions, with their IP address and user agent");
    expect(text).toMatch(/IP address and the browser’s user agent/);
  });

  it("reads the configuration: other periods give other text", () => {
    const other = buildPrivacyPage({
      ...retention,
      inquiryMonths: 13,
      spamDays: 9,
      complaintAcknowledgeDays: 21,
      backupDays: 11,
      erasureRecordYears: 4,
    });
    const all = JSON.stringify(other);
    expect(all).toContain("Inquiries: 13 months after their last activity");
    expect(all).toContain("9 days after their last activity");
    expect(all).toContain("within 21 days of receiving it");
    expect(all).toContain("at the latest 11 days after it was taken");
    expect(all).toContain("for 4 years");
    expect(all).not.toContain(`Inquiries: ${retention.inquiryMonths} months`);
  });

  it("has a complaints route: the privacy address, acknowledgement within the configured days, then the ICO", () => {
    expect(company.emails.privacy.address).toMatch(/^privacy@/);
    const complaints = section("9. Complaints");
    expect(complaints).toContain(company.emails.privacy.address);
    expect(complaints).toContain(`within ${retention.complaintAcknowledgeDays} days of receiving it`);
    expect(complaints).toContain("Information Commissioner’s Office (ICO)");
  });

  it("says what the contact form keeps of how the visit began, column by column, and where the browser keeps it", () => {
    const collected = section("2. The personal data we collect");
    expect(collected).toContain(VISIT_SOURCE_NOTICE);
    // Each stored column (contact_submissions, decision 053) is named in the notice.
    expect(VISIT_SOURCE_FIELDS).toEqual([
      "landing_page",
      "referrer_host",
      "utm_source",
      "utm_medium",
      "utm_campaign",
    ]);
    for (const phrase of [
      "the first page of your visit to our site",
      "without anything after a question mark",
      "the name of the website that sent you there",
      "utm_source, utm_medium and utm_campaign",
      "for as long as the inquiry",
    ]) {
      expect(collected).toContain(phrase);
    }
    // Nothing notes them on the device (PECR reg. 6): the contact page's own request does (decision 053).
    const cookies = section("7. Cookies and security");
    expect(cookies).toContain(VISIT_STORAGE_NOTICE);
    expect(cookies).toContain("We store nothing on your device to note how you found us");
    expect(cookies).not.toContain("keeps the first page of your visit");
    expect(cookies).toContain(SCROLL_STORAGE_NOTICE);
    expect(cookies).toContain("No other page stores anything on your device.");
  });

  it("gives server logs a place, what they hold and the period the deploy files keep them (from the configuration)", () => {
    const collected = section("2. The personal data we collect");
    expect(collected).not.toContain("IP address, used only to");
    expect(collected).toContain("our server logs also record it");
    expect(collected).toContain(serverLogNotice(retention));
    for (const phrase of ["your IP address, the time, the page asked for", "user agent"]) {
      expect(serverLogNotice(retention)).toContain(phrase);
    }
    expect(section("4. How long we keep your data")).toContain(
      `Server logs: deleted in daily batches, each line at the latest ${retention.serverLogDays} days after it was written.`,
    );
    expect(JSON.stringify(buildPrivacyPage({ ...retention, serverLogDays: 997 }))).toContain(
      "at the latest 997 days after it was written",
    );
  });

  it("says backups are taken before upgrades too, and gives off-machine copies and deleted accounts the backup period", () => {
    const retentionSection = section("4. How long we keep your data");
    expect(retentionSection).toContain("on a schedule and before each upgrade of the website");
    expect(retentionSection).toContain(
      `Copies of backups we keep away from the server, so that the website can be restored if the server is lost, follow the same rule: each copy is deleted at the latest ${retention.backupDays} days after its backup was taken.`,
    );
    expect(retentionSection).toContain(
      `copies in our backups remain until those backups are deleted, at the latest ${retention.backupDays} days later`,
    );
    expect(section("8. Your rights")).toContain(
      `copies in our backups remain until those backups are deleted, at the latest ${retention.backupDays} days later`,
    );
  });

  it("gives phone and WhatsApp records a period, from the configuration", () => {
    const periods = section("4. How long we keep your data");
    expect(periods).toContain(
      `Records of phone calls, and of WhatsApp messages with you that are not kept on this website: ${retention.phoneRecordMonths} months after our last contact with you`,
    );
    expect(periods).toContain("WhatsApp messages filed with an inquiry on this website");
    expect(periods).toContain(`${retention.deliveredMailDays} days after filing`);
  });

  it("names transfers in the words the law now uses (UK GDPR Art. 45A, DUAA 2025 s.85)", () => {
    const transfers = section("6. International transfers");
    expect(transfers).not.toContain("adequacy");
    expect(transfers).toContain("approved as meeting the data protection test");
  });

  it("claims nothing the system does not do", () => {
    expect(text).not.toContain("hosted database");
    expect(text).not.toContain("authentication provider");
    // Admins need a second factor (enforced by requireAdminMiddleware; see the authorization matrix e2e).
    expect(ADMIN_STRONG_AUTHENTICATION).toBe(true);
    expect(text).toContain("administrator accounts are protected by strong authentication");
    expect(text).not.toContain("unless a business relationship follows");
    // Not in the AML regulated sector: no statutory duty is claimed.
    expect(text).not.toMatch(/Regulations 2017 require/);
    expect(text).not.toMatch(/legal obligations?, including the UK Money Laundering/);
    const bases = section("3. Why we use your data");
    expect(bases).toContain("modelled on them — legitimate interests");
    // Terrorist financing is reported under a duty that binds every business (docs/decisions/034).
    expect(bases).toContain(
      "terrorist financing to the police or the National Crime Agency — legal obligation: section 19 of the Terrorism Act 2000",
    );
    expect(bases).toContain("legal obligation wherever the Proceeds of Crime Act 2002 requires the report");
    expect(bases).not.toContain(
      "money laundering or terrorist financing to the National Crime Agency — legitimate interests",
    );
    expect(bases).toContain("section 164A of the Data Protection Act 2018");
  });

  it("keeps the complainant informed of progress (DPA 2018 s.164A)", () => {
    expect(section("9. Complaints")).toContain("keep you informed of our progress and tell you the outcome");
  });

  it("names the backup-codes cookie and backup codes as a second factor", () => {
    const cookies = section("7. Cookies and security");
    expect(cookies).toContain(
      `a cookie named ${BACKUP_CODES_COOKIE.name} that lets the account page show them once and expires after ${BACKUP_CODES_COOKIE.lifetimeMinutes} minutes`,
    );
    expect(cookies).toContain(
      "(an authenticator app code, a passkey, or one of the account’s single-use backup codes)",
    );
  });

  it("names the lead desk's data and its one outside recipient as the code handles them (decision 018)", () => {
    // Replies and the handling record are kept with the inquiry and go with it (retention and erasure tests).
    expect(section("2. The personal data we collect")).toContain("our replies to you");
    expect(section("2. The personal data we collect")).toContain(
      "a record of how our team handled your inquiry",
    );
    expect(section("4. How long we keep your data")).toContain(
      "our replies and the record of how it was handled",
    );
    expect(section("4. How long we keep your data")).toContain(
      "or our team last replied to it or changed its status or owner",
    );
    // The webhook payload holds reference, interest and deal size only (webhook-job.server.test.ts).
    expect(section("5. Who processes your data")).toContain(
      "with its reference number, area of interest and deal size only — never your name, contact details or message",
    );
  });

  it("shows its version", () => {
    expect(text).toContain(`version ${PRIVACY_NOTICE_VERSION}`);
  });
});

describe("the backup-codes cookie the notice names", () => {
  it("is the cookie the sign-in system sets, with the lifetime the notice states", async () => {
    const app = await createTestApp("pglite");
    try {
      const setCookie = await allowBackupCodesOnce(createTestContext(app.services), "user-1");
      expect(setCookie.startsWith(`${BACKUP_CODES_COOKIE.name}=`)).toBe(true);
      expect(setCookie).toContain(`Max-Age=${BACKUP_CODES_COOKIE.lifetimeMinutes * 60}`);
    } finally {
      await app.dispose();
    }
  });
});
