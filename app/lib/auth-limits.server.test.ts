import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testBackends } from "../../tests/support/test-database";
import { AUTH_RATE_LIMITS, checkAuthRateLimit as checkAt } from "./auth-limits.server";

// One instant for every attempt: a test never straddles two windows.
const NOW = Date.UTC(2030, 0, 1, 12, 5);
const checkAuthRateLimit: typeof checkAt = (db, action, subject) => checkAt(db, action, subject, NOW);

describe.each(testBackends)("auth rate limits on %s", (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  it("limits sign-in attempts per address, whatever the IP", async () => {
    const { max } = AUTH_RATE_LIMITS["sign-in"].email!;
    for (let attempt = 1; attempt <= max; attempt++) {
      const result = await checkAuthRateLimit(database.db, "sign-in", {
        ip: `10.0.0.${attempt}`,
        email: "a@x.com",
      });
      expect(result.allowed).toBe(true);
    }
    const blocked = await checkAuthRateLimit(database.db, "sign-in", { ip: "10.0.1.1", email: " A@X.com" });
    expect(blocked.allowed).toBe(false);
    expect(blocked.retryAfterSeconds).toBeGreaterThan(0);
    expect(blocked.message).toMatch(/^Too many attempts\. Please wait .+ and try again\.$/);
    // Another address from the same IP is unaffected.
    expect(
      (await checkAuthRateLimit(database.db, "sign-in", { ip: "10.0.1.1", email: "b@x.com" })).allowed,
    ).toBe(true);
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
});
