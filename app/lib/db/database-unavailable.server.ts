/** The operating system's words for "nobody answers at that address". */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs of a server that is shutting down, crashed, still recovering
 * or full; class 08 (connection exceptions) is matched as a whole.
 */
const SERVER_STATES = new Set(["57P01", "57P02", "57P03", "53300"]);

/** node-postgres reports a lost or unobtainable connection without a code. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable/,
];

/**
 * True when `error` (or an error it wraps, as Drizzle's query errors do)
 * means the database cannot be reached right now: down, restarting,
 * refusing connections. Such a failure is temporary and the server's
 * answer is 503 (try again), not 500 (a fault in the site).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") {
      if (NETWORK_CODES.has(code) || SERVER_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    }
    const message = current.message;
    if (DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = current.cause;
  }
  return false;
}
