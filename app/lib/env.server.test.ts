import { describe, expect, it } from "vitest";
import { company } from "~/content/company";
import { EnvError, parseEnv, productionWarnings } from "~/lib/env.server";

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

  it("reads IMAP_URL as mailboxes (off when unset), and reports a bad one in a line without its password", () => {
    expect(parseEnv({}).IMAP_URL).toEqual([]);
    const [deals, info] = parseEnv({
      IMAP_URL:
        "imaps://deals%40example.com:p%40ss@IMAP.example.com/INBOX, imap://info:pw@127.0.0.1:1143/Sales%20leads",
    }).IMAP_URL;
    expect(deals).toEqual({
      key: "imaps://deals%40example.com@imap.example.com/INBOX",
      label: "deals@example.com/INBOX",
      host: "imap.example.com",
      port: 993,
      secure: true,
      user: "deals@example.com",
      password: "p@ss",
      folder: "INBOX",
    });
    expect(info).toMatchObject({ key: "imap://info@127.0.0.1:1143/Sales leads", port: 1143, secure: false });
    expect(parseEnv({ IMAP_URL: "imaps://u:p@h.example" }).IMAP_URL[0]?.folder).toBe("INBOX");

    for (const [value, problem] of [
      [
        "https://u:secret-pw@h.example/INBOX",
        /^Invalid configuration: IMAP_URL: expected imap:\/\/ or imaps:\/\//,
      ],
      ["imaps://h.example/INBOX", /user and password are required/],
      ["imaps://u@h.example/INBOX", /user and password are required/],
      ["imaps://u:secret-pw@h.example/INBOX?x=1", /no \?query/],
      ["imaps://u:secret-pw@h.example/INBOX,imaps://u:other-pw@h.example/INBOX", /entry 2: the same mailbox/],
      ["imaps://u:secret-pw@h.example/A, not a url", /entry 2: expected/],
    ] as const) {
      let message = "";
      try {
        parseEnv({ IMAP_URL: value });
      } catch (error) {
        expect(error).toBeInstanceOf(EnvError);
        message = (error as Error).message;
      }
      expect(message).toMatch(problem);
      expect(message.split("\n")).toHaveLength(1);
      expect(message).not.toMatch(/secret-pw|other-pw/);
    }
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
    // Words proxy-addr does not know: Express would throw a TypeError at start.
    ["TRUST_PROXY", "maybe"],
    ["TRUST_PROXY", "loopback, 10.0.0.0/33"],
    ["SHUTDOWN_DELAY_SECONDS", "-1"],
    ["SHUTDOWN_DELAY_SECONDS", "soon"],
  ])("rejects %s=%s with one line naming the variable", (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(EnvError);
    expect(() => parseEnv({ [name]: value })).toThrow(
      new RegExp(`^Invalid configuration: ${name}: [^\\n]+$`),
    );
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

  it("takes TRUST_PROXY lists of addresses, ranges and proxy-addr's names", () => {
    expect(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8, ::1" }).TRUST_PROXY).toBe(
      "loopback, 10.0.0.0/8, ::1",
    );
    expect(parseEnv({ TRUST_PROXY: "uniquelocal" }).TRUST_PROXY).toBe("uniquelocal");
  });

  it("reports each of several problems on a line of its own", () => {
    expect(() => parseEnv({ PORT: "abc", TRUST_PROXY: "maybe" })).toThrow(
      /^Invalid configuration: PORT: [^\n]+\nInvalid configuration: TRUST_PROXY: [^\n]+$/,
    );
  });
});

describe("MAIL_AUTHSERV_ID", () => {
  it("is one authserv-id token, unset by default, and its absence is warned of when mailboxes are fetched", () => {
    expect(parseEnv({}).MAIL_AUTHSERV_ID).toBeUndefined();
    expect(parseEnv({ MAIL_AUTHSERV_ID: " mx.volta.example " }).MAIL_AUTHSERV_ID).toBe("mx.volta.example");
    expect(() => parseEnv({ MAIL_AUTHSERV_ID: "mx.example; dmarc=pass" })).toThrow(/MAIL_AUTHSERV_ID/);
    const imap = { IMAP_URL: "imaps://deals:pw@imap.example.test/INBOX" };
    expect(productionWarnings(parseEnv(imap)).some((line) => line.startsWith("MAIL_AUTHSERV_ID"))).toBe(true);
    expect(
      productionWarnings(parseEnv({ ...imap, MAIL_AUTHSERV_ID: "mx.volta.example" })).some((line) =>
        line.startsWith("MAIL_AUTHSERV_ID"),
      ),
    ).toBe(false);
  });
});

describe("UPLOAD_KEY", () => {
  it("is 32 bytes in base64, and nothing else", () => {
    const key = Buffer.alloc(32, 7);
    expect(parseEnv({ UPLOAD_KEY: key.toString("base64") }).UPLOAD_KEY).toEqual(key);
    expect(() => parseEnv({ UPLOAD_KEY: Buffer.alloc(16).toString("base64") })).toThrow(
      /UPLOAD_KEY: expected 32 bytes in base64/,
    );
  });
});

describe("productionWarnings", () => {
  it("names a missing SMTP_URL, ADMIN_EMAILS and UPLOAD_KEY, and an http:// SITE_URL", () => {
    const warnings = productionWarnings(parseEnv({ SITE_URL: "http://site.example.test" }));
    expect(warnings.map((warning) => warning.split(" ")[0])).toEqual([
      "SMTP_URL",
      "ADMIN_EMAILS",
      "UPLOAD_KEY",
      "SITE_URL",
    ]);
  });

  it("has nothing to say about a complete https configuration", () => {
    expect(
      productionWarnings(
        parseEnv({
          SITE_URL: "https://site.example.test",
          SMTP_URL: "smtp://mail.example.test",
          ADMIN_EMAILS: "ops@example.test",
          UPLOAD_KEY: Buffer.alloc(32, 7).toString("base64"),
        }),
      ),
    ).toEqual([]);
  });
});
