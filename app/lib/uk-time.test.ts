import { describe, expect, it } from "vitest";
import {
  addUkWeeks,
  endOfUkDay,
  formatUkTime,
  fromUkLocal,
  lastUkWeeks,
  londonDate,
  londonDateStart,
  toUkLocal,
  ukWeekOf,
  ukWeeksBetween,
  ukWeekStart,
} from "~/lib/uk-time";

const HOUR = 60 * 60 * 1000;
const utc = (iso: string) => new Date(iso);

describe("UK weeks (Europe/London, Monday start)", () => {
  it("starts a winter week at Monday 00:00 GMT and a summer week at Monday 00:00 BST (23:00 UTC on Sunday)", () => {
    expect(ukWeekStart(utc("2026-01-14T12:00:00Z")).toISOString()).toBe("2026-01-12T00:00:00.000Z");
    expect(ukWeekStart(utc("2026-07-15T12:00:00Z")).toISOString()).toBe("2026-07-12T23:00:00.000Z");
    expect(ukWeekOf(utc("2026-07-15T12:00:00Z")).key).toBe("2026-07-13");
  });

  it("counts the week the clocks go forward as 167 hours", () => {
    const week = ukWeekOf(utc("2026-03-27T12:00:00Z"));
    expect(week.key).toBe("2026-03-23");
    expect(week.start.toISOString()).toBe("2026-03-23T00:00:00.000Z");
    expect(week.end.toISOString()).toBe("2026-03-29T23:00:00.000Z");
    expect(week.end.getTime() - week.start.getTime()).toBe(167 * HOUR);
    // Sunday 00:59 GMT, then 02:00 BST a minute later: both in the same week.
    expect(ukWeekOf(utc("2026-03-29T00:59:00Z")).key).toBe("2026-03-23");
    expect(ukWeekOf(utc("2026-03-29T01:00:00Z")).key).toBe("2026-03-23");
    // 23:30 UTC on Sunday is already Monday 00:30 BST: the next week.
    expect(ukWeekOf(utc("2026-03-29T23:30:00Z")).key).toBe("2026-03-30");
    expect(ukWeekOf(utc("2026-03-29T22:59:59Z")).key).toBe("2026-03-23");
  });

  it("counts the week the clocks go back as 169 hours, the repeated hour once in it", () => {
    const week = ukWeekOf(utc("2026-10-21T12:00:00Z"));
    expect(week.key).toBe("2026-10-19");
    expect(week.start.toISOString()).toBe("2026-10-18T23:00:00.000Z");
    expect(week.end.toISOString()).toBe("2026-10-26T00:00:00.000Z");
    expect(week.end.getTime() - week.start.getTime()).toBe(169 * HOUR);
    // 01:30 happens twice on that Sunday (BST, then GMT): both in that week.
    expect(ukWeekOf(utc("2026-10-25T00:30:00Z")).key).toBe("2026-10-19");
    expect(ukWeekOf(utc("2026-10-25T01:30:00Z")).key).toBe("2026-10-19");
    // Sunday 23:30 GMT is still Sunday in London.
    expect(ukWeekOf(utc("2026-10-25T23:30:00Z")).key).toBe("2026-10-19");
    expect(ukWeekOf(utc("2026-10-26T00:00:00Z")).key).toBe("2026-10-26");
  });

  it("steps across both changes by London dates, never by 7 × 24 hours", () => {
    const weeks = ukWeeksBetween(utc("2026-03-16T00:00:00Z"), utc("2026-04-08T00:00:00Z"));
    expect(weeks.map((week) => week.key)).toEqual(["2026-03-16", "2026-03-23", "2026-03-30", "2026-04-06"]);
    for (let i = 1; i < weeks.length; i++) expect(weeks[i]!.start).toEqual(weeks[i - 1]!.end);
    const autumn = ukWeeksBetween(utc("2026-10-12T00:00:00Z"), utc("2026-11-03T00:00:00Z"));
    expect(autumn.map((week) => week.start.toISOString())).toEqual([
      "2026-10-11T23:00:00.000Z",
      "2026-10-18T23:00:00.000Z",
      "2026-10-26T00:00:00.000Z",
      "2026-11-02T00:00:00.000Z",
    ]);
    expect(addUkWeeks(autumn[0]!.start, 2)).toEqual(autumn[2]!.start);
    expect(addUkWeeks(autumn[2]!.start, -2)).toEqual(autumn[0]!.start);
  });

  it("crosses the new year in the middle of a week", () => {
    expect(ukWeekOf(utc("2027-01-01T10:00:00Z")).key).toBe("2026-12-28");
    expect(lastUkWeeks(utc("2027-01-05T10:00:00Z"), 2).map((week) => week.key)).toEqual([
      "2026-12-28",
      "2027-01-04",
    ]);
  });

  it("takes the last N weeks with the current one last", () => {
    const weeks = lastUkWeeks(utc("2026-11-24T13:00:00Z"), 4);
    expect(weeks.map((week) => week.key)).toEqual(["2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23"]);
  });

  it("converts London dates and instants both ways", () => {
    expect(londonDate(utc("2026-07-12T23:30:00Z"))).toBe("2026-07-13");
    expect(londonDateStart("2026-07-13").toISOString()).toBe("2026-07-12T23:00:00.000Z");
    expect(londonDateStart("2026-01-05").toISOString()).toBe("2026-01-05T00:00:00.000Z");
  });
});

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

describe("the end of the UK day", () => {
  it("is the next UK midnight, asked in any order, across the clock changes", () => {
    const asked: [string, string][] = [
      ["2026-11-25T10:00:00.000Z", "2026-11-26T00:00:00.000Z"],
      ["2026-11-25T23:59:59.999Z", "2026-11-26T00:00:00.000Z"],
      ["2026-11-26T00:00:00.000Z", "2026-11-27T00:00:00.000Z"],
      ["2026-11-25T00:00:00.000Z", "2026-11-26T00:00:00.000Z"],
      ["2026-11-24T23:59:59.999Z", "2026-11-25T00:00:00.000Z"],
      // 23:30 BST on 2 July, then 00:30 BST on 3 July.
      ["2026-07-02T22:30:00.000Z", "2026-07-02T23:00:00.000Z"],
      ["2026-07-02T23:30:00.000Z", "2026-07-03T23:00:00.000Z"],
      // The spring change (29 March, a 23-hour day) and the autumn one (25 October, 25 hours).
      ["2026-03-29T00:30:00.000Z", "2026-03-29T23:00:00.000Z"],
      ["2026-03-29T22:59:59.999Z", "2026-03-29T23:00:00.000Z"],
      ["2026-10-25T00:30:00.000Z", "2026-10-26T00:00:00.000Z"],
      ["2026-10-25T23:59:59.999Z", "2026-10-26T00:00:00.000Z"],
      ["2026-10-24T23:00:00.000Z", "2026-10-26T00:00:00.000Z"],
      ["2026-10-24T22:59:59.999Z", "2026-10-24T23:00:00.000Z"],
    ];
    for (const [now, end] of asked)
      expect([now, endOfUkDay(new Date(now)).toISOString()]).toEqual([now, end]);
  });
});
