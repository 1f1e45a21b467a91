import { useSyncExternalStore } from "react";

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

const relative = new Intl.RelativeTimeFormat("en-GB", { numeric: "always" });
const absolute = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

/** '5 minutes ago', '3 days ago'... Under a minute: 'less than a minute ago'. */
export function formatAge(date: Date, now: number): string {
  const seconds = Math.max(0, Math.round((now - date.getTime()) / 1000));
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return relative.format(-Math.floor(seconds / size), unit);
  }
  return "less than a minute ago";
}

/** A clock that ticks once a minute while anything shows a relative age. */
let clockNow = Date.now();
const clockListeners = new Set<() => void>();
let clockTimer: ReturnType<typeof setInterval> | undefined;

function subscribeToClock(listener: () => void): () => void {
  clockListeners.add(listener);
  if (clockListeners.size === 1) {
    clockNow = Date.now();
    clockTimer = setInterval(() => {
      clockNow = Date.now();
      for (const notify of clockListeners) notify();
    }, 60_000);
  }
  return () => {
    clockListeners.delete(listener);
    if (clockListeners.size === 0) clearInterval(clockTimer);
  };
}

/** Server render and hydration use the server's clock, so the markup matches; then the browser's, every minute. */
export function useNow(serverNow: number): number {
  return useSyncExternalStore(
    subscribeToClock,
    () => clockNow,
    () => serverNow,
  );
}

/** `brief` leaves out the hover title with the exact time (the secondary times of a card). */
export function RelativeTime({
  date: at,
  now,
  brief = false,
}: {
  /** A Date, or epoch milliseconds (a dashboard card's times). */
  date: Date | number;
  now: number;
  brief?: boolean;
}) {
  const date = new Date(at);
  return (
    // To the second: milliseconds would add bytes to 25 cards and tell no one anything.
    <time
      dateTime={date.toISOString().replace(/\.\d{3}Z$/, "Z")}
      title={brief ? undefined : `${absolute.format(date)} UTC`}
    >
      {formatAge(date, now)}
    </time>
  );
}
