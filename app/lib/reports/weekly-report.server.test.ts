import { beforeAll, describe, expect, it } from "vitest";
import { type contactSubmissions, inquiryEvents, inquiryMessages, inquiryReplies } from "~db/schema";
import { insertInquiry } from "../../../tests/support/desk-fixtures";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { reportCsv } from "~/lib/reports/report-csv.server";
import { parseReportRange } from "~/lib/reports/report-range";
import { REPORT_CHARTS, reportTable } from "~/lib/reports/report-tables";
import type { Report } from "~/lib/reports/report-types";
import { buildReport } from "~/lib/reports/weekly-report.server";

const HOUR = 60 * 60 * 1000;
const NOW = new Date("2026-11-25T12:00:00Z");
const t = (iso: string) => new Date(iso);
const plus = (iso: string, hours: number) => new Date(t(iso).getTime() + hours * HOUR);

/*
 * Three UK weeks, the first the one the clocks go back in (169 hours):
 *   A 2026-10-19: 2026-10-18T23:00Z … 2026-10-26T00:00Z
 *   B 2026-10-26: … 2026-11-02T00:00Z
 *   C 2026-11-02: … 2026-11-09T00:00Z
 * Every expected figure below is worked out by hand from these rows.
 */
describe.each(testBackends)("the weekly report on %s", (backend) => {
  const database = useTestDatabase(backend);
  let report: Report;

  const inquiry = (values: Partial<typeof contactSubmissions.$inferInsert>) =>
    insertInquiry(database.db, values);
  async function message(inquiryId: string, sentAt: string, kind = "message") {
    await database.db.insert(inquiryMessages).values({
      inquiry_id: inquiryId,
      message_key: `${inquiryId}-${sentAt}-${kind}`,
      kind,
      from_address: "lead@example.test",
      sent_at: t(sentAt),
      mailbox: "INBOX",
    });
  }
  async function reply(inquiryId: string, at: Date) {
    await database.db
      .insert(inquiryReplies)
      .values({ inquiry_id: inquiryId, to: "lead@example.test", subject: "Re", body: "b", created_at: at });
  }
  async function statusChange(inquiryId: string, from: string, to: string) {
    await database.db
      .insert(inquiryEvents)
      .values({ inquiry_id: inquiryId, kind: "status-changed", details: { from, to } });
  }

  beforeAll(async () => {
    const gold = { landing_page: "/services/gold-intermediary", referrer_host: "www.google.com" };
    const cpc = { utm_source: "google", utm_medium: "cpc", utm_campaign: "gold-2026" };
    // Sunday 23:30 BST: the week before the range.
    await inquiry({ created_at: t("2026-10-18T22:30:00Z"), interest: "gold-buying" });

    // Week A. Monday 00:30 BST, just inside.
    const a1 = await inquiry({
      created_at: t("2026-10-18T23:30:00Z"),
      interest: "gold-buying",
      first_replied_at: plus("2026-10-18T23:30:00Z", 2),
      status: "contacted",
      ...gold,
      ...cpc,
    });
    const a2 = await inquiry({
      created_at: t("2026-10-20T10:00:00Z"),
      interest: "gold-buying",
      first_replied_at: plus("2026-10-20T10:00:00Z", 30),
      status: "qualified",
      landing_page: "/",
    });
    const a3 = await inquiry({ created_at: t("2026-10-21T09:00:00Z"), interest: "consultation" });
    const a4 = await inquiry({
      created_at: t("2026-10-22T09:00:00Z"),
      interest: "consultation",
      is_spam: true,
    });
    // By e-mail, Sunday 23:30 GMT after the clocks went back: still week A.
    const a5 = await inquiry({
      created_at: t("2026-10-25T23:30:00Z"),
      source: "email",
      first_replied_at: plus("2026-10-25T23:30:00Z", 4),
      status: "closed_lost",
      lost_reason: "Price too high",
    });
    await reply(a5, plus("2026-10-25T23:30:00Z", 4));
    await statusChange(a5, "new", "qualified");
    await statusChange(a5, "qualified", "closed_lost");
    await message(a1, "2026-10-22T08:00:00Z");
    await message(a1, "2026-10-22T09:00:00Z", "auto-reply");
    await reply(a1, t("2026-10-22T14:00:00Z"));
    await message(a4, "2026-10-23T08:00:00Z");

    // Week B.
    const b1 = await inquiry({
      created_at: t("2026-10-27T09:00:00Z"),
      interest: "equipment-rental",
      first_replied_at: plus("2026-10-27T09:00:00Z", 10),
      status: "closed_won",
      landing_page: "/equipment",
      referrer_host: "news.example.org",
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "autumn",
    });
    await inquiry({
      created_at: t("2026-10-28T12:00:00Z"),
      interest: "equipment-rental",
      first_replied_at: plus("2026-10-28T12:00:00Z", 48),
      status: "closed_lost",
      lost_reason: "Price too high ",
    });
    await inquiry({ created_at: t("2026-10-29T09:00:00Z"), is_spam: true });
    await inquiry({ created_at: t("2026-10-30T09:00:00Z"), is_spam: true });
    await message(a2, "2026-10-30T10:00:00Z");
    await message(a2, "2026-10-30T12:00:00Z");
    await reply(a2, t("2026-10-31T10:00:00Z"));

    // Week C.
    await inquiry({ created_at: t("2026-11-03T09:00:00Z"), interest: "licensing-support", ...gold, ...cpc });
    await message(a3, "2026-11-04T10:00:00Z");
    await message(b1, "2026-11-05T10:00:00Z");
    await reply(b1, t("2026-11-05T11:30:00Z"));
    // After the range.
    await inquiry({ created_at: t("2026-11-09T00:00:00Z"), interest: "consultation" });

    const range = parseReportRange(new URLSearchParams("range=custom&from=2026-10-21&to=2026-11-08"), NOW);
    if (!range.ok) throw new Error("the range is valid");
    report = await buildReport(database.db, range.range.weeks, NOW);
  });

  const rows = (chart: (typeof REPORT_CHARTS)[number]) => reportTable(report, chart, 24).rows;

  it("counts inquiries per UK week by interest, spam and held apart", () => {
    expect(report.weeks.map((week) => week.key)).toEqual(["2026-10-19", "2026-10-26", "2026-11-02"]);
    expect(rows("inquiries")).toEqual([
      // Gold Buying, Gold Selling, Equipment Rental, Equipment Purchase, Licensing Support, Consultation, Not given, Total
      ["2026-10-19", "2", "0", "0", "0", "0", "1", "1", "4"],
      ["2026-10-26", "0", "0", "2", "0", "0", "0", "0", "2"],
      ["2026-11-02", "0", "0", "0", "0", "1", "0", "0", "1"],
    ]);
    expect(rows("spam")).toEqual([
      ["2026-10-19", "1", "0"],
      ["2026-10-26", "2", "0"],
      ["2026-11-02", "0", "0"],
    ]);
  });

  it("times every message of a lead to the next reply: median and 90th percentile per week", () => {
    // A: 2, 30, 4 (the inquiries), 6 (a later mail) hours; a3 unanswered. Median (4+6)/2; p90 6 + 0.7 × 24.
    // B: 10, 48, 24, 22. Median (22+24)/2; p90 24 + 0.7 × 24.  C: 1.5 only; two unanswered.
    expect(rows("response-times")).toEqual([
      ["2026-10-19", "5", "4", "5.0", "22.8"],
      ["2026-10-26", "4", "4", "23.0", "40.8"],
      ["2026-11-02", "3", "1", "1.5", "1.5"],
    ]);
    expect(report.responses.map((week) => week.p90Hours)).toEqual([
      expect.closeTo(22.8, 6),
      expect.closeTo(40.8, 6),
      expect.closeTo(1.5, 6),
    ]);
  });

  it("shares answered within the promise: an answer at exactly 24 hours counts, unanswered overdue ones are due", () => {
    expect(rows("within-promise")).toEqual([
      ["2026-10-19", "5", "3", "60%"],
      ["2026-10-26", "4", "3", "75%"],
      ["2026-11-02", "3", "1", "33%"],
    ]);
  });

  it("shows the pipeline now, the conversion as far as each lead got, and lost reasons grouped", () => {
    expect(rows("pipeline")).toEqual([
      ["Status now", "New", "2", ""],
      ["Status now", "Contacted", "1", ""],
      ["Status now", "Qualified", "1", ""],
      ["Status now", "Closed – won", "1", ""],
      ["Status now", "Closed – lost", "2", ""],
      ["Reached", "Received", "7", "100%"],
      ["Reached", "Contacted", "5", "71%"],
      ["Reached", "Qualified", "3", "43%"],
      ["Reached", "Won", "1", "14%"],
    ]);
    expect(rows("lost-reasons")).toEqual([["Price too high", "2"]]);
  });

  it("tells where leads came from: channel, landing page, referring site and campaign", () => {
    expect(rows("sources")).toEqual([
      ["Channel", "Contact form", "6"],
      ["Channel", "E-mail", "1"],
      ["Landing page", "/services/gold-intermediary", "2"],
      ["Landing page", "Not known", "2"],
      ["Landing page", "/", "1"],
      ["Landing page", "/equipment", "1"],
      ["Referring site", "Direct or not known", "3"],
      ["Referring site", "www.google.com", "2"],
      ["Referring site", "news.example.org", "1"],
      ["Campaign", "(none) / (none) / (none)", "3"],
      ["Campaign", "google / cpc / gold-2026", "2"],
      ["Campaign", "newsletter / email / autumn", "1"],
    ]);
  });

  it("writes the same rows to each chart's CSV", () => {
    expect(reportCsv(reportTable(report, "within-promise", 24))).toBe(
      "\uFEFFWeek (Monday),Due,Answered within 24 hours,Share\r\n" +
        "2026-10-19,5,3,60%\r\n2026-10-26,4,3,75%\r\n2026-11-02,3,1,33%\r\n",
    );
    for (const chart of REPORT_CHARTS) {
      const table = reportTable(report, chart, 24);
      const lines = reportCsv(table).replace("\uFEFF", "").trimEnd().split("\r\n");
      expect(lines).toHaveLength(table.rows.length + 1);
    }
    expect(reportCsv(reportTable(report, "inquiries", 24))).toContain("2026-10-19,2,0,0,0,0,1,1,4\r\n");
  });
});
