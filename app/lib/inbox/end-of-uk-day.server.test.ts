import { describe, expect, it } from "vitest";
import { endOfUkDay } from "./follow-ups.server";

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
