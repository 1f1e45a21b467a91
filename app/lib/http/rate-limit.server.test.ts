import { describe, expect, it } from "vitest";
import { rateLimits } from "~db/schema";
import { useTestDatabase } from "../../../tests/support/suite-database";
import { testBackends } from "../../../tests/support/test-database";
import { consumeRateLimit, pruneRateLimits } from "~/lib/http/rate-limit.server";

describe.each(testBackends)("rate limits on %s", (backend) => {
  const database = useTestDatabase(backend);

  const limit = { max: 3, windowMs: 60_000 };
  const now = Date.UTC(2030, 0, 1, 12, 0, 30);

  it("allows up to max attempts per key and window, then refuses with the time left", async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await consumeRateLimit(database.db, "ip:1", limit, now));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]?.retryAfterSeconds).toBe(30);
    expect((await consumeRateLimit(database.db, "ip:2", limit, now)).allowed).toBe(true);
  });

  it("starts again in the next window", async () => {
    expect((await consumeRateLimit(database.db, "ip:1", limit, now + 60_000)).allowed).toBe(true);
  });

  it("counts concurrent attempts exactly", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () => consumeRateLimit(database.db, "burst", limit, now)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });

  it("prunes ended windows only", async () => {
    await pruneRateLimits(database.db, new Date(now + 61_000));
    const keys = (await database.db.select().from(rateLimits)).map((row) => row.key);
    expect(keys).toEqual(["ip:1"]);
  });
});
