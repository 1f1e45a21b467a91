import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  detectSpam,
  FORM_TOKEN_FIELD,
  HONEYPOT_FIELD,
  issueFormToken,
  MIN_FILL_MS,
} from "~/lib/http/form-guard.server";

const secret = "form-guard-test-secret";
const now = 1_800_000_000_000;

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const check = (fields: Record<string, string>, purpose = "contact") =>
  detectSpam(form(fields), { secret, purpose, now });

describe("the form guard", () => {
  const oldEnough = issueFormToken(secret, "contact", now - MIN_FILL_MS);

  it("passes a token older than the minimum fill time with an empty honeypot", () => {
    expect(check({ [FORM_TOKEN_FIELD]: oldEnough, [HONEYPOT_FIELD]: "" })).toBeNull();
  });

  it("catches a filled honeypot", () => {
    expect(check({ [FORM_TOKEN_FIELD]: oldEnough, [HONEYPOT_FIELD]: "x" })).toBe("honeypot");
  });

  it("catches a form filled too fast", () => {
    const fresh = issueFormToken(secret, "contact", now - MIN_FILL_MS + 1);
    expect(check({ [FORM_TOKEN_FIELD]: fresh })).toBe("too-fast");
  });

  it("catches missing, malformed, forged, foreign and future tokens", () => {
    expect(check({})).toBe("missing-token");
    expect(check({ [FORM_TOKEN_FIELD]: "yesterday" })).toBe("bad-token");
    const [issued, nonce, signature] = oldEnough.split(".");
    expect(check({ [FORM_TOKEN_FIELD]: `${Number(issued) - 1}.${nonce}.${signature}` })).toBe("bad-token");
    expect(check({ [FORM_TOKEN_FIELD]: `${issued}.AAAAAAAAAAAA.${signature}` })).toBe("bad-token");
    expect(check({ [FORM_TOKEN_FIELD]: `${issued}.${signature}` })).toBe("bad-token");
    expect(check({ [FORM_TOKEN_FIELD]: oldEnough }, "sign-up")).toBe("bad-token");
    expect(check({ [FORM_TOKEN_FIELD]: issueFormToken(secret, "contact", now + 3_600_000) })).toBe(
      "bad-token",
    );
  });

  it("gives every form its own token, even two rendered in the same millisecond", () => {
    // A token is good for one inquiry: shared tokens would file the second visitor's as spam.
    const first = issueFormToken(secret, "contact", now - MIN_FILL_MS);
    const second = issueFormToken(secret, "contact", now - MIN_FILL_MS);
    expect(first).not.toBe(second);
    expect(check({ [FORM_TOKEN_FIELD]: first })).toBeNull();
    expect(check({ [FORM_TOKEN_FIELD]: second })).toBeNull();
  });

  it("still accepts a token from a page rendered before tokens had a nonce", () => {
    const issuedAt = now - MIN_FILL_MS;
    const legacy = `${issuedAt}.${crypto.createHmac("sha256", secret).update(`contact:${issuedAt}`).digest("base64url")}`;
    expect(check({ [FORM_TOKEN_FIELD]: legacy })).toBeNull();
  });
});
