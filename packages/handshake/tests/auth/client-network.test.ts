/** The network a sign-up budget is kept per (packages/handshake/src/auth/client-network.ts): /24 for IPv4, /64 for IPv6. */
import { describe, expect, it } from "vitest";
import { clientNetwork } from "@magento-integration/handshake/auth";

describe("client network", () => {
  it("IPv4 addresses of one /24 are one network, the next /24 another", () => {
    expect(clientNetwork("203.0.113.9")).toBe("v4:203.0.113.0/24");
    expect(clientNetwork("203.0.113.250")).toBe(clientNetwork("203.0.113.9"));
    expect(clientNetwork("203.0.114.9")).not.toBe(clientNetwork("203.0.113.9"));
  });

  it("IPv6 addresses of one /64 are one network however they are written", () => {
    expect(clientNetwork("2001:db8:0:7::1")).toBe("v6:2001:db8:0:7::/64");
    expect(clientNetwork("2001:0DB8:0000:0007:ffff:1:2:3")).toBe(clientNetwork("[2001:db8:0:7::1]"));
    expect(clientNetwork("2001:db8:0:8::1")).not.toBe(clientNetwork("2001:db8:0:7::1"));
  });

  it("an IPv4 address in IPv6 form is its IPv4 network", () => {
    expect(clientNetwork("::ffff:203.0.113.9")).toBe("v4:203.0.113.0/24");
  });

  it("something that is not an IP literal stays its own network", () => {
    expect(clientNetwork("proxy.invalid")).toBe("name:proxy.invalid");
  });
});
