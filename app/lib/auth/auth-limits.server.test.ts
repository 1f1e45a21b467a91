import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import {
  AUTH_RATE_LIMITS,
  checkAuthRateLimit as checkAt,
  slowdownDelayMs,
} from "~/lib/auth/auth-limits.server";

// One instant for every attempt: a test never straddles two windows.
const NOW = Date.UTC(2030, 0, 1, 12, 5);
const checkAuthRateLimit: typeof checkAt = (db, action, subject) => checkAt(db, action, subject, NOW);

describe.each(testBackends)("auth rate limits on %s", (backend) => {
  const database = useTestDatabase(backend);

  it("finding 7: ten wrong passwords from one IP do not lock the owner out from another", async () => {
    // The attack as reported: ten wrong passwords from one IP.
    for (let attempt = 1; attempt <= 10; attempt++) {
      const result = await checkAuthRateLimit(database.db, "sign-in", { ip: "10.0.0.66", email: "a@x.com" });
      expect(result.allowed).toBe(true);
    }
    // The attacker's IP is blocked for this account...
    const blocked = await checkAuthRateLimit(database.db, "sign-in", { ip: "10.0.0.66", email: " A@X.com" });
    expect(blocked.allowed).toBe(false);
    expect(blocked.retryAfterSeconds).toBeGreaterThan(0);
    expect(blocked.message).toMatch(/^Too many attempts\. Please wait .+ and try again\.$/);
    // ...the owner, elsewhere, is not: only slowed down.
    const owner = await checkAuthRateLimit(database.db, "sign-in", { ip: "10.0.1.1", email: "a@x.com" });
    expect(owner.allowed).toBe(true);
    expect(owner.delayMs).toBeGreaterThan(0);
    // The same IP with another address is unaffected.
    const other = await checkAuthRateLimit(database.db, "sign-in", { ip: "10.0.0.66", email: "b@x.com" });
    expect(other).toMatchObject({ allowed: true, delayMs: 0 });
  });

  it("finding 7: the account-wide limit slows down progressively, up to a ceiling, and never blocks", async () => {
    const slowdown = AUTH_RATE_LIMITS["sign-in"].emailSlowdown!;
    const delays: number[] = [];
    for (let attempt = 1; attempt <= slowdown.after + 12; attempt++) {
      // A botnet: every attempt from a new IP.
      const result = await checkAuthRateLimit(database.db, "sign-in", {
        ip: `172.16.0.${attempt}`,
        email: "slow@x.com",
      });
      expect(result.allowed).toBe(true);
      delays.push(result.delayMs);
    }
    expect(delays.slice(0, slowdown.after).every((delay) => delay === 0)).toBe(true);
    const slowed = delays.slice(slowdown.after);
    expect(slowed[0]).toBe(slowdown.baseDelayMs);
    for (let i = 1; i < slowed.length; i++) expect(slowed[i]).toBeGreaterThanOrEqual(slowed[i - 1]!);
    expect(slowed.at(-1)).toBe(slowdown.maxDelayMs);
    expect(slowdownDelayMs(slowdown, slowdown.after + 2)).toBe(2 * slowdown.baseDelayMs);
  });

  it("limits attempts per IP, whatever the address", async () => {
    const { max } = AUTH_RATE_LIMITS["sign-up"].ip;
    for (let attempt = 1; attempt <= max; attempt++) {
      const result = await checkAuthRateLimit(database.db, "sign-up", {
        ip: "192.0.2.7",
        email: `u${attempt}@x.com`,
      });
      expect(result.allowed).toBe(true);
    }
    expect(
      (await checkAuthRateLimit(database.db, "sign-up", { ip: "192.0.2.7", email: "new@x.com" })).allowed,
    ).toBe(false);
    // Counters are per action.
    expect((await checkAuthRateLimit(database.db, "request-reset", { ip: "192.0.2.7" })).allowed).toBe(true);
  });

  it("finding 10: every address of one IPv6 /64 counts as one client, and a mapped IPv4 address as itself", async () => {
    const { max } = AUTH_RATE_LIMITS["reset-password"].ip;
    // One subscriber's /64, a new interface identifier per attempt.
    for (let attempt = 1; attempt <= max; attempt++) {
      const ip = `2001:db8:4:7:${attempt.toString(16)}::${(attempt * 7).toString(16)}`;
      expect((await checkAuthRateLimit(database.db, "reset-password", { ip })).allowed).toBe(true);
    }
    const sameNetwork = { ip: "2001:0db8:0004:0007:ffff:ffff:ffff:fffe" };
    expect((await checkAuthRateLimit(database.db, "reset-password", sameNetwork)).allowed).toBe(false);
    // The neighbouring /64 is another subscriber.
    expect((await checkAuthRateLimit(database.db, "reset-password", { ip: "2001:db8:4:8::1" })).allowed).toBe(
      true,
    );

    for (let attempt = 1; attempt <= max; attempt++) {
      const ip = attempt % 2 ? "::ffff:198.51.100.20" : "198.51.100.20";
      expect((await checkAuthRateLimit(database.db, "reset-password", { ip })).allowed).toBe(true);
    }
    const mapped = { ip: "::FFFF:c633:6414" };
    expect((await checkAuthRateLimit(database.db, "reset-password", mapped)).allowed).toBe(false);
  });
});
