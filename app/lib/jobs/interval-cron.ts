const MINUTE_MS = 60_000;

/**
 * The cron expression (UTC) that repeats every `ms` exactly, or null when none does: any other period than minutes
 * dividing an hour, hours dividing a day, or a day would drift where the cron steps start again.
 */
export function cronForInterval(ms: number): string | null {
  if (ms % MINUTE_MS !== 0) return null;
  const minutes = ms / MINUTE_MS;
  if (minutes >= 1 && minutes < 60) return 60 % minutes === 0 ? `*/${minutes} * * * *` : null;
  if (minutes % 60 !== 0) return null;
  const hours = minutes / 60;
  if (hours < 24) return 24 % hours === 0 ? `0 */${hours} * * *` : null;
  return hours === 24 ? "0 0 * * *" : null;
}
