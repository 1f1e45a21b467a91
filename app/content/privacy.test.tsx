import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SESSION_ABSOLUTE_MAX_MS, SESSION_EXPIRES_IN_SECONDS } from "~/lib/auth/auth.server";
import Privacy from "~/routes/privacy";
import { company } from "./company";
import { ADMIN_STRONG_AUTHENTICATION, buildPrivacyPage, PRIVACY_NOTICE_VERSION } from "./privacy";
import { retention } from "./retention";

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
    ]) {
      expect(retentionSection).toContain(phrase);
    }
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
    });
    const all = JSON.stringify(other);
    expect(all).toContain("Inquiries: 13 months after their last activity");
    expect(all).toContain("9 days after their last activity");
    expect(all).toContain("within 21 days of receiving it");
    expect(all).not.toContain(`Inquiries: ${retention.inquiryMonths} months`);
  });

  it("has a complaints route: the privacy address, acknowledgement within the configured days, then the ICO", () => {
    expect(company.emails.privacy.address).toMatch(/^privacy@/);
    const complaints = section("9. Complaints");
    expect(complaints).toContain(company.emails.privacy.address);
    expect(complaints).toContain(`within ${retention.complaintAcknowledgeDays} days of receiving it`);
    expect(complaints).toContain("Information Commissioner’s Office (ICO)");
  });

  it("claims nothing the system does not do", () => {
    expect(text).not.toContain("hosted database");
    expect(text).not.toContain("authentication provider");
    // Admins need a second factor (enforced by requireAdmin; see the authorization matrix e2e).
    expect(ADMIN_STRONG_AUTHENTICATION).toBe(true);
    expect(text).toContain("administrator accounts are protected by strong authentication");
    expect(text).not.toContain("unless a business relationship follows");
    // Not in the AML regulated sector: no statutory duty is claimed.
    expect(text).not.toMatch(/Regulations 2017 require/);
    expect(text).not.toMatch(/legal obligations?, including the UK Money Laundering/);
    const bases = section("3. Why we use your data");
    expect(bases).toContain("modelled on them — legitimate interests");
    expect(bases).toContain("National Crime Agency — legitimate interests");
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
