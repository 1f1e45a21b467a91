import { describe, expect, it } from "vitest";
import { addressKey, addressKeyDomain } from "~/lib/mail/address-key";

describe("addressKey", () => {
  it("counts every spelling of one mailbox as one", () => {
    expect(addressKey(" Victim+1@Example.Test ")).toBe("victim@example.test");
    expect(addressKey("victim+a+b@example.test")).toBe("victim@example.test");
    expect(addressKey("V.ic.Tim+x@googlemail.com")).toBe("victim@gmail.com");
    expect(addressKey("victim@gmail.com")).toBe("victim@gmail.com");
    // Dots matter elsewhere.
    expect(addressKey("v.ictim@example.test")).toBe("v.ictim@example.test");
    expect(addressKeyDomain(addressKey("a@Mail.Example"))).toBe("mail.example");
  });

  it("keeps what it cannot take apart", () => {
    expect(addressKey("+tag@example.test")).toBe("+tag@example.test");
    expect(addressKey("no-at-sign")).toBe("no-at-sign");
    expect(addressKeyDomain("no-at-sign")).toBe("");
  });
});
