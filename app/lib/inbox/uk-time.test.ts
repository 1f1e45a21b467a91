import { describe, expect, it } from "vitest";
import { fromUkLocal, formatUkTime, toUkLocal } from "./uk-time";

describe("UK time", () => {
  it("reads a datetime-local value as GMT in winter and BST in summer", () => {
    expect(fromUkLocal("2026-11-26T09:30")?.toISOString()).toBe("2026-11-26T09:30:00.000Z");
    expect(fromUkLocal("2026-07-02T09:30")?.toISOString()).toBe("2026-07-02T08:30:00.000Z");
    expect(toUkLocal(new Date("2026-07-02T08:30:00Z"))).toBe("2026-07-02T09:30");
    expect(formatUkTime(new Date("2026-07-02T08:30:00Z"))).toBe("Thu, 2 Jul 2026, 09:30 BST");
    expect(formatUkTime(new Date("2026-11-26T09:30:00Z"))).toBe("Thu, 26 Nov 2026, 09:30 GMT");
  });

  it("takes a skipped spring hour an hour on, and a repeated autumn hour the first time", () => {
    // 29 March 2026: clocks go from 01:00 GMT to 02:00 BST; 01:30 is read as 02:30 BST.
    expect(fromUkLocal("2026-03-29T01:30")?.toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(toUkLocal(fromUkLocal("2026-03-29T01:30")!)).toBe("2026-03-29T02:30");
    // 25 October 2026: 01:30 happens at 00:30 UTC (BST) and again at 01:30 UTC (GMT).
    expect(fromUkLocal("2026-10-25T01:30")?.toISOString()).toBe("2026-10-25T00:30:00.000Z");
  });

  it("refuses what is not a date and time", () => {
    for (const value of ["", "tomorrow", "2026-02-30T10:00", "2026-13-01T10:00", "2026-11-26 09:30"]) {
      expect(fromUkLocal(value)).toBeNull();
    }
  });
});
