import { isIP } from "node:net";

/**
 * Is this IP literal somewhere a public Magento store cannot be? Loopback, private (RFC 1918), CGNAT,
 * link-local, unspecified, documentation, benchmarking, multicast and reserved ranges; IPv6 loopback,
 * unique-local (fc00::/7), link-local, site-local, multicast, and IPv4 embedded in IPv6 (mapped ::ffff:,
 * compatible ::/96, NAT64 64:ff9b::/96, 6to4 2002::/16) judged by the embedded IPv4 address.
 * Input must be a canonical literal (what `new URL()` or DNS give): decimal/hex/octal IPv4 forms are
 * normalised by the WHATWG URL parser before they get here.
 */
export function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const kind = isIP(ip);
  if (kind === 4) return isPrivateIPv4(ipv4ToInt(ip));
  if (kind === 6) return isPrivateIPv6(ip);
  return true; // not an IP literal: refuse rather than guess
}

function ipv4ToInt(ip: string): number {
  return ip.split(".").reduce((acc, part) => acc * 256 + Number(part), 0);
}

const V4_BLOCKS: ReadonlyArray<readonly [string, number]> = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];
const V4_RANGES = V4_BLOCKS.map(([base, bits]) => {
  const size = 2 ** (32 - bits);
  const start = ipv4ToInt(base);
  return [start, start + size - 1] as const;
});

function isPrivateIPv4(n: number): boolean {
  return V4_RANGES.some(([lo, hi]) => n >= lo && n <= hi);
}

/** Expands an IPv6 literal (with optional trailing dotted IPv4) into 8 16-bit groups. */
export function ipv6Groups(ip: string): number[] {
  let text = ip.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = ipv4ToInt(dotted[1]!);
    text = text.slice(0, -dotted[1]!.length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? (text.split("::") as [string, string]) : [text, undefined];
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  const fill = tail === undefined ? [] : new Array(8 - h.length - t.length).fill("0");
  return [...h, ...fill, ...t].map((g) => parseInt(g, 16));
}

function isPrivateIPv6(ip: string): boolean {
  const g = ipv6Groups(ip);
  if (g.length !== 8 || g.some((x) => Number.isNaN(x))) return true;
  const [g0, g1, g2, g3, g4, g5, g6, g7] = g as [number, number, number, number, number, number, number, number];
  const embedded = (hi: number, lo: number) => isPrivateIPv4(hi * 65536 + lo);
  const zeroUpTo5 = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (zeroUpTo5 && g5 === 0 && g6 === 0 && (g7 === 0 || g7 === 1)) return true; // :: and ::1
  if (zeroUpTo5 && g5 === 0xffff) return embedded(g6, g7); // ::ffff:a.b.c.d (mapped)
  if (zeroUpTo5 && g5 === 0) return true; // ::a.b.c.d (deprecated IPv4-compatible form): never a store
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0xffff && g5 === 0) return true; // ::ffff:0:a.b.c.d (SIIT)
  if (g0 === 0x64 && g1 === 0xff9b) return embedded(g6, g7) || (g2 | g3 | g4 | g5) !== 0; // NAT64
  if (g0 === 0x2002) return embedded(g1, g2); // 6to4
  if ((g0 & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local
  if ((g0 & 0xffc0) === 0xfe80) return true; // link-local
  if ((g0 & 0xffc0) === 0xfec0) return true; // site-local (deprecated)
  if ((g0 & 0xff00) === 0xff00) return true; // multicast
  if (g0 === 0x2001 && g1 === 0x0db8) return true; // documentation
  if (g0 === 0x2001 && g1 === 0) return true; // Teredo (embeds an obfuscated IPv4)
  if (g0 === 0x0100 && g1 === 0 && g2 === 0 && g3 === 0) return true; // discard-only 100::/64
  return false;
}
