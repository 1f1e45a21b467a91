import { FOLLOW_UP_TIME_ZONE } from "~/content/follow-ups";

/**
 * Wall-clock time in the team's zone (Europe/London) and back, with Intl
 * alone: the offset is read at the instant itself, so GMT and BST are both
 * right. A datetime-local value ("2026-11-26T09:30") has no zone of its own.
 */
const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: FOLLOW_UP_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

function wallClock(instant: Date): { y: number; mo: number; d: number; h: number; mi: number; s: number } {
  // Formatted once: every request's due count asks for a dozen of these.
  const formatted = parts.formatToParts(instant);
  const get = (type: string) => Number(formatted.find((part) => part.type === type)?.value);
  return {
    y: get("year"),
    mo: get("month"),
    d: get("day"),
    h: get("hour"),
    mi: get("minute"),
    s: get("second"),
  };
}

/** How far the zone's clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: Date): number {
  const w = wallClock(instant);
  const asUtc = Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant a UK wall-clock time means, or null for a value that is not
 * one. A time skipped by the spring change is taken an hour on; a repeated
 * autumn hour, the first time it happens.
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
  const candidates = [-86_400_000, 0, 86_400_000].map((shift) => naive - offsetAt(new Date(naive + shift)));
  const wanted = value.slice(0, 16);
  const exact = candidates.filter((instant) => toUkLocal(new Date(instant)) === wanted);
  return new Date(exact.length > 0 ? Math.min(...exact) : Math.max(...candidates));
}

const pad = (value: number) => String(value).padStart(2, "0");

/** A datetime-local value for `instant`, in UK time. */
export function toUkLocal(instant: Date): string {
  const w = wallClock(instant);
  return `${w.y}-${pad(w.mo)}-${pad(w.d)}T${pad(w.h)}:${pad(w.mi)}`;
}

const shown = new Intl.DateTimeFormat("en-GB", {
  timeZone: FOLLOW_UP_TIME_ZONE,
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
