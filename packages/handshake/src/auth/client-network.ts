import { isIP } from "node:net";
import { ipv6Groups } from "@magento-integration/client/net";

/**
 * The network a client address belongs to, as one budget key: its /24 for IPv4, its /64 for IPv6 (one home or
 * one small hosting customer usually holds a whole /64, and rotating the last 64 bits costs nothing). An IPv4
 * address written in IPv6 form (`::ffff:203.0.113.9`) is the IPv4 network. Anything that is not an IP literal
 * (a proxy that reports a name) stays its own network.
 */
export function clientNetwork(address: string): string {
  const ip = address
    .trim()
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "");
  const kind = isIP(ip);
  if (kind === 4) return `v4:${ip.split(".").slice(0, 3).join(".")}.0/24`;
  if (kind === 6) {
    const g = ipv6Groups(ip);
    const mapped = g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff;
    if (mapped) return `v4:${g[6]! >> 8}.${g[6]! & 0xff}.${g[7]! >> 8}.0/24`;
    return `v6:${g
      .slice(0, 4)
      .map((x) => x.toString(16))
      .join(":")}::/64`;
  }
  return `name:${ip.toLowerCase().slice(0, 100)}`;
}
