import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveAuthSecret } from "~/lib/auth/auth-secret.server";
import { EnvError, parseEnv } from "~/lib/env.server";

describe("resolveAuthSecret", () => {
  it("uses BETTER_AUTH_SECRET when set", () => {
    const secret = "s".repeat(40);
    expect(resolveAuthSecret(parseEnv({ BETTER_AUTH_SECRET: secret }))).toBe(secret);
  });

  it("requires BETTER_AUTH_SECRET on Postgres", () => {
    const env = parseEnv({ DATABASE_URL: "postgres://localhost/app" });
    expect(() => resolveAuthSecret(env)).toThrow(EnvError);
    expect(() => resolveAuthSecret(env)).toThrow(/BETTER_AUTH_SECRET/);
  });

  it("generates one for the embedded database, private to the owner, and reuses it", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "secret-test-"));
    try {
      const env = parseEnv({ DATA_DIR: dataDir });
      const first = resolveAuthSecret(env);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(fs.statSync(path.join(dataDir, "auth-secret")).mode & 0o777).toBe(0o600);
      expect(resolveAuthSecret(env)).toBe(first);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
