import { describe, expect, it } from "vitest";
import { clientKeyOf, clientNetworkOf } from "~/services/client-address.server";

/** The key of every limit per client, and the network moderation counts places by (issue 41). */
describe("clientKeyOf", () => {
  it("keeps an IPv4 address, and reads an IPv4-mapped IPv6 address as it", () => {
    expect(clientKeyOf("198.51.100.7")).toBe("198.51.100.7");
    expect(clientKeyOf("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(clientKeyOf("::FFFF:c633:6407")).toBe("198.51.100.7");
    expect(clientKeyOf("0:0:0:0:0:ffff:198.51.100.7")).toBe("198.51.100.7");
  });

  it("groups IPv6 addresses by /64, however they are written", () => {
    const key = "2001:db8:1:2::/64";
    for (const address of [
      "2001:db8:1:2::1",
      "2001:0db8:0001:0002:ffff:ffff:ffff:ffff",
      "2001:DB8:1:2:a::b",
      "2001:db8:1:2::1%eth0",
    ]) {
      expect(clientKeyOf(address), address).toBe(key);
    }
    expect(clientKeyOf("2001:db8:1:3::1")).not.toBe(key);
    expect(clientKeyOf("::1")).toBe("0:0:0:0::/64");
  });

  it("leaves what is not an address as it is", () => {
    expect(clientKeyOf("desconhecido")).toBe("desconhecido");
  });
});

describe("clientNetworkOf", () => {
  it("is an IPv4 address's /24 and an IPv6 address's /64, from an address or a client key", () => {
    expect(clientNetworkOf("198.51.100.7")).toBe("198.51.100.0/24");
    expect(clientNetworkOf("::ffff:198.51.100.200")).toBe("198.51.100.0/24");
    expect(clientNetworkOf("2001:db8:1:2::9")).toBe("2001:db8:1:2::/64");
    expect(clientNetworkOf(clientKeyOf("2001:db8:1:2::9"))).toBe("2001:db8:1:2::/64");
  });
});
