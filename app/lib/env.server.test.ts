import { describe, expect, it } from "vitest";
import { company } from "~/content/company";
import { EnvError, parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("applies the documented defaults", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: "0.0.0.0",
      SITE_URL: "http://localhost:3000",
      DATA_DIR: "./data",
      ADMIN_EMAILS: [],
      CONTACT_RATE_LIMIT: { max: 10, windowMs: 3_600_000 },
      TRUST_PROXY: false,
      SHUTDOWN_DELAY_SECONDS: 0,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
  });

  it("sends from the company's no-reply address by default, as company.ts states it", () => {
    expect(parseEnv({}).MAIL_FROM).toBe(company.mail.defaultFrom);
    expect(parseEnv({ MAIL_FROM: "Ops <ops@example.test>" }).MAIL_FROM).toBe("Ops <ops@example.test>");
  });

  it("takes a webhook URL with a secret, or a Slack webhook without one, and refuses any other URL without one", () => {
    const secret = "s".repeat(32);
    expect(parseEnv({ WEBHOOK_URL: "https://hooks.example.test/in", WEBHOOK_SECRET: secret })).toMatchObject({
      WEBHOOK_URL: "https://hooks.example.test/in",
      WEBHOOK_SECRET: secret,
    });
    expect(
      parseEnv({ WEBHOOK_URL: "https://hooks.slack.com/services/T0/B0/x" }).WEBHOOK_SECRET,
    ).toBeUndefined();
    expect(() => parseEnv({ WEBHOOK_URL: "https://hooks.example.test/in" })).toThrow(
      /WEBHOOK_SECRET: required when WEBHOOK_URL is set/,
    );
    expect(() => parseEnv({ WEBHOOK_URL: "ftp://x.test", WEBHOOK_SECRET: secret })).toThrow(/WEBHOOK_URL/);
    expect(() => parseEnv({ WEBHOOK_URL: "https://x.test", WEBHOOK_SECRET: "short" })).toThrow(
      /WEBHOOK_SECRET: expected at least 32 characters/,
    );
    expect(parseEnv({}).WEBHOOK_URL).toBeUndefined();
  });

  it("derives SITE_URL from PORT and strips a trailing slash from an explicit one", () => {
    expect(parseEnv({ PORT: "8080" }).SITE_URL).toBe("http://localhost:8080");
    expect(parseEnv({ SITE_URL: "https://example.test/" }).SITE_URL).toBe("https://example.test");
  });

  it("treats empty values as unset", () => {
    const env = parseEnv({ PORT: "", DATABASE_URL: "" });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["SITE_URL", "not a url"],
    ["DATABASE_URL", "mysql://localhost/db"],
    ["SMTP_URL", "http://mail.test"],
    ["ADMIN_EMAILS", "ops@example.test, not-an-email"],
    ["CONTACT_RATE_LIMIT", "ten per hour"],
    ["BETTER_AUTH_SECRET", "too-short"],
    ["TRUST_PROXY", "maybe?"],
    ["SHUTDOWN_DELAY_SECONDS", "-1"],
    ["SHUTDOWN_DELAY_SECONDS", "soon"],
  ])("rejects %s=%s with a message naming the variable", (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(EnvError);
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it("parses rate limits, with 0 turning the limit off", () => {
    expect(parseEnv({ CONTACT_RATE_LIMIT: "5/min" }).CONTACT_RATE_LIMIT).toEqual({
      max: 5,
      windowMs: 60_000,
    });
    expect(parseEnv({ CONTACT_RATE_LIMIT: "0" }).CONTACT_RATE_LIMIT).toBeNull();
  });

  it("normalises ADMIN_EMAILS and TRUST_PROXY", () => {
    const env = parseEnv({ ADMIN_EMAILS: " Ops@Example.test ,b@example.test,", TRUST_PROXY: "1" });
    expect(env.ADMIN_EMAILS).toEqual(["ops@example.test", "b@example.test"]);
    expect(env.TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "loopback" }).TRUST_PROXY).toBe("loopback");
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
  });
});
