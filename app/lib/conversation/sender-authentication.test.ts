import { describe, expect, it } from "vitest";
import { senderAuthentication } from "~/lib/conversation/sender-authentication";

const ID = "mx.volta.example";
const judge = (header: string, from = "esi@rental.example", authservId: string | null = ID) =>
  senderAuthentication({ "authentication-results": header }, from, authservId);

describe("senderAuthentication (RFC 8601)", () => {
  it("believes DMARC, or SPF or DKIM aligned with the From domain", () => {
    expect(judge(`${ID}; dmarc=pass header.from=rental.example`).trust).toBe("pass");
    expect(judge(`${ID}; spf=pass smtp.mailfrom=bounces.rental.example`).trust).toBe("pass");
    expect(judge(`${ID} 1; dkim=pass header.d=rental.example header.s=s1`).trust).toBe("pass");
    // Passed, but for somebody else's domain: proves nothing about the From address.
    expect(judge(`${ID}; spf=pass smtp.mailfrom=bulk.example; dkim=pass header.d=bulk.example`).trust).toBe(
      "unverified",
    );
  });

  it("a failed check fails the sender, unless DMARC or an aligned method passed", () => {
    expect(judge(`${ID}; dmarc=fail; dkim=pass header.d=rental.example`).trust).toBe("fail");
    expect(judge(`${ID}; spf=softfail smtp.mailfrom=rental.example`).trust).toBe("fail");
    expect(
      judge(`${ID}; spf=fail smtp.mailfrom=rental.example; dkim=pass header.d=rental.example`).trust,
    ).toBe("pass");
    expect(judge(`${ID}; none`)).toEqual({ verdicts: {}, trust: "unverified" });
  });

  it("reads the method tokens only: comments (nested too) and quoted strings say nothing", () => {
    expect(
      judge(
        `${ID}; spf=fail (claims (nested) "dmarc=pass" and dkim=pass) smtp.mailfrom=rental.example; dmarc=none`,
      ),
    ).toEqual({ verdicts: { spf: "fail", dmarc: "none" }, trust: "fail" });
    expect(judge(`${ID} (dmarc=pass); spf=neutral reason="dkim=pass"`)).toEqual({
      verdicts: { spf: "neutral" },
      trust: "unverified",
    });
  });

  it("believes only the configured authserv-id's topmost header, and nothing without one", () => {
    const forgedBelow = [`${ID}; dmarc=fail`, `${ID}; dmarc=pass`].join("\n");
    expect(judge(forgedBelow).verdicts).toEqual({ dmarc: "fail" });
    expect(judge(`evil.example; dmarc=pass`)).toEqual({ verdicts: {}, trust: "unverified" });
    expect(judge(`${ID}.evil; dmarc=pass`)).toEqual({ verdicts: {}, trust: "unverified" });
    expect(judge(`${ID}; dmarc=pass`, "esi@rental.example", null)).toEqual({
      verdicts: {},
      trust: "unverified",
    });
    expect(judge(`MX.Volta.Example; dmarc=pass`).trust).toBe("pass");
  });
});
