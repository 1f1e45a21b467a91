/**
 * UK time (Europe/London) with Intl alone, so a day or a week is the same in the desk and every
 * report. A week is 167 or 169 hours when the clocks change, so days and weeks step by London dates.
 */

export const UK_TIME_ZONE = "Europe/London";

export interface UkWeek {
  /** The Monday's London date, YYYY-MM-DD: the week's name in tables and CSV. */
  key: string;
  start: Date;
  /** The next Monday 00:00: exclusive. */
  end: Date;
}

const londonFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: UK_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

function londonParts(instant: Date) {
  const parts: Record<string, number> = {};
  for (const part of londonFormat.formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const { year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0 } = parts;
  return { year, month, day, hour, minute, second };
}

/** How far London is ahead of UTC at `instant` (0 or one hour). */
function londonOffsetMs(instant: Date): number {
  const p = londonParts(instant);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant of 00:00 London time on the given London date (month 1–12; days may overflow). */
function londonMidnight(year: number, month: number, day: number): Date {
  const naive = Date.UTC(year, month - 1, day);
  // London changes its clocks at 01:00 UTC, never near midnight: one correction is exact.
  return new Date(naive - londonOffsetMs(new Date(naive - londonOffsetMs(new Date(naive)))));
}

/** The London calendar date of an instant, YYYY-MM-DD. */
export function londonDate(instant: Date): string {
  return dateOf(londonParts(instant));
}

function dateOf(p: ReturnType<typeof londonParts>): string {
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** The instant a London date (YYYY-MM-DD) begins. */
export function londonDateStart(date: string): Date {
  const [year, month, day] = date.split("-").map(Number);
  return londonMidnight(year ?? 0, month ?? 0, day ?? 0);
}

/** The first instant after today in UK time: "due" means due before it. */
export function endOfUkDay(now: Date): Date {
  const p = londonParts(now);
  return londonMidnight(p.year, p.month, p.day + 1);
}

/** Monday of the UK week that holds `instant`. */
export function ukWeekStart(instant: Date): Date {
  const p = londonParts(instant);
  // getUTCDay of the London date itself: 0 = Sunday … 6 = Saturday.
  const weekday = new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay();
  const sinceMonday = (weekday + 6) % 7;
  return londonMidnight(p.year, p.month, p.day - sinceMonday);
}

/** The week `weeks` after (or before, when negative) the week starting at `weekStart`. */
export function addUkWeeks(weekStart: Date, weeks: number): Date {
  const p = londonParts(weekStart);
  return londonMidnight(p.year, p.month, p.day + weeks * 7);
}

export function ukWeekOf(instant: Date): UkWeek {
  return ukWeeksBetween(instant, instant)[0]!;
}

/** Every UK week from the one holding `first` to the one holding `last`, oldest first. */
export function ukWeeksBetween(first: Date, last: Date): UkWeek[] {
  const weeks: UkWeek[] = [];
  let start = ukWeekStart(first);
  const stop = ukWeekStart(last).getTime();
  while (start.getTime() <= stop) {
    const end = addUkWeeks(start, 1);
    weeks.push({ key: londonDate(start), start, end });
    start = end;
  }
  return weeks;
}

/** The last `count` UK weeks, the current (partial) one included. */
export function lastUkWeeks(now: Date, count: number): UkWeek[] {
  const current = ukWeekStart(now);
  return ukWeeksBetween(addUkWeeks(current, -(count - 1)), current);
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant a datetime-local value means in UK time, or null. A time skipped in spring is taken
 * an hour on; a repeated autumn hour, the first time it happens.
 */
export function fromUkLocal(value: string): Date | null {
  const match = LOCAL.exec(value);
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  const naive = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  if (Number.isNaN(naive)) return null;
  const check = new Date(naive);
  if (check.getUTCMonth() !== mo! - 1 || check.getUTCDate() !== d!) return null;
  // The offsets in force a day either side cover both sides of a clock change.
  const candidates = [-86_400_000, 0, 86_400_000].map(
    (shift) => naive - londonOffsetMs(new Date(naive + shift)),
  );
  const wanted = value.slice(0, 16);
  const exact = candidates.filter((instant) => toUkLocal(new Date(instant)) === wanted);
  return new Date(exact.length > 0 ? Math.min(...exact) : Math.max(...candidates));
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

/** A datetime-local value for `instant`, in UK time. */
export function toUkLocal(instant: Date): string {
  const p = londonParts(instant);
  return `${dateOf(p)}T${pad(p.hour)}:${pad(p.minute)}`;
}

const shown = new Intl.DateTimeFormat("en-GB", {
  timeZone: UK_TIME_ZONE,
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZoneName: "short",
});

/** "Thu, 26 Nov 2026, 09:30 GMT": the zone's name says which clock it is. */
export function formatUkTime(instant: Date): string {
  return shown.format(instant);
}
