import { describe, expect, it } from "vitest";
import {
  detectSpam,
  FORM_TOKEN_FIELD,
  HONEYPOT_FIELD,
  issueFormToken,
  MIN_FILL_MS,
} from "./form-guard.server";

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
    const [issued, signature] = oldEnough.split(".");
    expect(check({ [FORM_TOKEN_FIELD]: `${Number(issued) - 1}.${signature}` })).toBe("bad-token");
    expect(check({ [FORM_TOKEN_FIELD]: oldEnough }, "sign-up")).toBe("bad-token");
    expect(check({ [FORM_TOKEN_FIELD]: issueFormToken(secret, "contact", now + 3_600_000) })).toBe(
      "bad-token",
    );
  });
});
