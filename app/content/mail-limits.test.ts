import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatRate, mailLimits } from "~/content/mail-limits";

const doc = fs.readFileSync(path.join(import.meta.dirname, "..", "..", "docs", "team-mailboxes.md"), "utf8");

/** The value column of the docs' limits table row that starts with `label`. */
function documented(label: string): string | undefined {
  const row = doc.split("\n").find((line) => line.startsWith(`| ${label} `));
  return row?.split("|")[2]?.trim();
}

describe("mail limits", () => {
  it("docs/team-mailboxes.md states the limits the code applies", () => {
    expect(documented("Acknowledgements to one address (form and mail)")).toBe(
      formatRate(mailLimits.acknowledgementsPerAddress),
    );
    expect(documented("Acknowledgements in all")).toBe(formatRate(mailLimits.acknowledgementsInAll));
    expect(documented("Mails from one address")).toBe(formatRate(mailLimits.announcedPerSender));
    expect(documented("Mails from one domain")).toBe(formatRate(mailLimits.announcedPerDomain));
  });
});
