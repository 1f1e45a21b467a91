import type { RateCard } from "~/lib/catalogue/rate-card";

/** A date as YYYY-MM-DD, read as a calendar day (no time zone). */
function parseDay(value: string): Date {
  return new Date(`${value}T00:00:00Z`);
}

function formatDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The earliest off-rent date a hire starting on `start` may have: the minimum hire, counting both ends. */
export function earliestEndDate(start: string, minimumHire: RateCard["minimumHire"]): string {
  const date = parseDay(start);
  if (minimumHire.unit === "month") {
    const day = date.getUTCDate();
    date.setUTCDate(1);
    date.setUTCMonth(date.getUTCMonth() + minimumHire.count);
    const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
    date.setUTCDate(Math.min(day, lastDay));
  } else {
    date.setUTCDate(date.getUTCDate() + minimumHire.count * (minimumHire.unit === "week" ? 7 : 1));
  }
  date.setUTCDate(date.getUTCDate() - 1);
  return formatDay(date);
}

/** Days of hire from start to end, both counted. */
export function hireDays(start: string, end: string): number {
  return Math.round((parseDay(end).getTime() - parseDay(start).getTime()) / 86_400_000) + 1;
}

/**
 * The estimate for a hire of `days`: whole months (30 days) at the month
 * rate, whole weeks at the week rate and the days left at the day rate,
 * where each period without a rate counts at the next shorter one; never more
 * than the days at the day rate. Null when the machine has no day rate.
 */
export function estimateRental(card: RateCard, days: number): number | null {
  const day = card.dayRateUsd;
  if (day === null || days < 1) return null;
  const week = card.weekRateUsd ?? day * 7;
  const month = card.monthRateUsd ?? null;
  let rest = days;
  let total = 0;
  if (month !== null) {
    total += Math.floor(rest / 30) * month;
    rest %= 30;
  }
  total += Math.floor(rest / 7) * Math.min(week, day * 7);
  total += (rest % 7) * day;
  return Math.min(total, days * day);
}
