import { describe, expect, it } from "vitest";
import { clientIpGroup } from "~/lib/http/client-ip-group.server";

describe("the client group a per-IP limit counts", () => {
  it("is an IPv4 address itself", () => {
    expect(clientIpGroup("203.0.113.9")).toBe("203.0.113.9");
  });

  it("is an IPv6 address's /64, however the address is written", () => {
    for (const ip of [
      "2001:db8:a:b::1",
      "2001:0db8:000a:000b:ffff:ffff:ffff:ffff",
      "2001:DB8:A:B:1:2:3:4",
      "2001:db8:a:b::1%eth0",
      "2001:db8:a:b:0:0:192.0.2.1",
    ]) {
      expect(clientIpGroup(ip), ip).toBe("2001:db8:a:b::/64");
    }
    expect(clientIpGroup("2001:db8:a:c::1")).toBe("2001:db8:a:c::/64");
    expect(clientIpGroup("::1")).toBe("0:0:0:0::/64");
    expect(clientIpGroup("fe80::1")).toBe("fe80:0:0:0::/64");
  });

  it("is the IPv4 address of an IPv4-mapped IPv6 address, in either notation", () => {
    expect(clientIpGroup("::ffff:198.51.100.20")).toBe("198.51.100.20");
    expect(clientIpGroup("::FFFF:c633:6414")).toBe("198.51.100.20");
    expect(clientIpGroup("0:0:0:0:0:ffff:198.51.100.20")).toBe("198.51.100.20");
  });

  it("leaves what is not an address as it is", () => {
    expect(clientIpGroup("unknown")).toBe("unknown");
    expect(clientIpGroup("")).toBe("");
  });
});
