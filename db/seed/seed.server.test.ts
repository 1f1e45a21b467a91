import { describe, expect, it } from "vitest";
import { CLOSED_LEAD_STATUSES } from "~/content/inquiry-desk";
import { demoInquiries } from "./seed.server";

const from = new Date(Date.UTC(2024, 0, 1));
const to = new Date(Date.UTC(2024, 6, 1));
const HOUR_MS = 3_600_000;

describe("demo inquiries with the lead desk", () => {
  const plain = demoInquiries({ count: 2_000, from, to });
  const desk = demoInquiries({
    count: 2_000,
    from,
    to,
    desk: { ownerIds: ["a", "b"], ownedShare: 0.4, unansweredShare: 0.05 },
  });
  const genuine = desk.filter((row) => !row.is_spam);
  const share = (rows: typeof desk, test: (row: (typeof desk)[number]) => boolean) =>
    rows.filter(test).length / rows.length;

  it("leave every other column as it is without the desk", () => {
    const deskColumns = [
      "assigned_to",
      "assigned_at",
      "first_replied_at",
      "status",
      "status_changed_at",
      "last_action_at",
      "lost_reason",
    ];
    const strip = (row: object) =>
      Object.fromEntries(Object.entries(row).filter(([key]) => !deskColumns.includes(key)));
    expect(desk.map(strip)).toEqual(plain.map(strip));
    expect(plain.every((row) => row.assigned_to === undefined && row.first_replied_at === undefined)).toBe(
      true,
    );
  });

  it("owns, answers and moves on genuine inquiries in the shares asked, and never spam", () => {
    expect(share(genuine, (row) => row.assigned_to === "a")).toBeCloseTo(0.2, 1);
    expect(share(genuine, (row) => row.assigned_to === "b")).toBeCloseTo(0.2, 1);
    expect(share(genuine, (row) => !row.first_replied_at)).toBeCloseTo(0.05, 1);
    const spam = desk.filter((row) => row.is_spam);
    expect(spam.length).toBeGreaterThan(0);
    expect(spam.every((row) => !row.assigned_to && !row.first_replied_at && !row.status)).toBe(true);
    expect(new Set(genuine.map((row) => row.status ?? "new"))).toEqual(
      new Set(["new", "contacted", "qualified", "closed_won", "closed_lost"]),
    );
  });

  it("keeps the desk's rules: replies between arrival and `to`, unanswered ones new, lost ones with a reason", () => {
    for (const row of genuine) {
      const created = (row.created_at as Date).getTime();
      if (row.first_replied_at) {
        const replied = row.first_replied_at.getTime();
        expect(replied).toBeGreaterThanOrEqual(created + HOUR_MS);
        expect(replied).toBeLessThanOrEqual(Math.min(created + 30 * HOUR_MS, to.getTime()));
      } else {
        expect(row.status ?? "new").toBe("new");
      }
      expect(Boolean(row.lost_reason)).toBe(row.status === "closed_lost");
      if (row.assigned_to) expect(row.assigned_at).toBeInstanceOf(Date);
    }
    // Some broke the 24-hour promise, and some closed leads are there to be filtered out.
    expect(
      genuine.some(
        (row) =>
          row.first_replied_at &&
          row.first_replied_at.getTime() - (row.created_at as Date).getTime() > 24 * HOUR_MS,
      ),
    ).toBe(true);
    expect(genuine.some((row) => CLOSED_LEAD_STATUSES.some((status) => status === row.status))).toBe(true);
  });
});
