import { describe, expect, it } from "vitest";
import { parseReportRange } from "~/lib/reports/report-range";

const NOW = new Date("2026-11-27T12:00:00Z");

describe("the reports page's range", () => {
  it("reports range in the year 9999: a clear error at the dates, not weeks no database can hold", () => {
    const parsed = parseReportRange(new URLSearchParams("range=custom&from=9998-01-01&to=9999-12-31"), NOW);
    expect(parsed).toEqual({
      ok: false,
      fieldErrors: {
        from: "Enter a date from 2000-01-01 to 2099-12-31.",
        to: "Enter a date from 2000-01-01 to 2099-12-31.",
      },
      values: { range: "custom", from: "9998-01-01", to: "9999-12-31" },
    });
  });

  it("takes the first and last dates allowed", () => {
    const first = parseReportRange(new URLSearchParams("range=custom&from=2000-01-01&to=2000-01-02"), NOW);
    const last = parseReportRange(new URLSearchParams("range=custom&from=2099-12-30&to=2099-12-31"), NOW);
    expect(first.ok && first.range.weeks[0]?.key).toBe("1999-12-27");
    expect(last.ok && last.range.weeks.at(-1)?.key).toBe("2099-12-28");
  });
});
