import { describe, expect, it } from "vitest";
import { ipv6Groups, isPrivateAddress } from "../../src/net/private-address.ts";
import { assertPublicStoreHost, checkHost } from "../../src/net/public-host.ts";

describe("isPrivateAddress", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.0.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "198.18.0.1",
    "192.0.2.1",
    "::1",
    "::",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "fd00::1",
    "fc00::",
    "fe80::1",
    "ff02::1",
    "64:ff9b::a00:1",
    "2002:c0a8:101::1",
    "2001:db8::1",
    "[::1]",
    "fe80::1%eth0",
  ])("%s is private", (ip) => expect(isPrivateAddress(ip)).toBe(true));

  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "172.32.0.1",
    "100.128.0.1",
    "2606:2800:220:1:248:1893:25c8:1946",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
  ])("%s is public", (ip) => expect(isPrivateAddress(ip)).toBe(false));

  it("treats non-IPs as private (refuse rather than guess)", () => {
    expect(isPrivateAddress("example.com")).toBe(true);
  });

  it("expands IPv6 groups", () => {
    expect(ipv6Groups("::ffff:1.2.3.4")).toEqual([0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]);
    expect(ipv6Groups("1::2")).toEqual([1, 0, 0, 0, 0, 0, 0, 2]);
  });
});

describe("checkHost", () => {
  it("refuses invalid labels", () => {
    expect(checkHost("-bad.example.com", { allowPrivate: false }).ok).toBe(false);
    expect(checkHost("a".repeat(64) + ".com", { allowPrivate: false }).ok).toBe(false);
    expect(checkHost("shop.example.com", { allowPrivate: false }).ok).toBe(true);
  });
});

describe("assertPublicStoreHost (DNS)", () => {
  const lookup = (answers: Record<string, string[]>) => async (host: string) => {
    const a = answers[host];
    if (!a) throw Object.assign(new Error("nx"), { code: "ENOTFOUND" });
    return a.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };

  it("refuses a public name that resolves to a private address", async () => {
    const r = await assertPublicStoreHost("https://rebind.example.com/", {
      allowPrivate: false,
      lookup: lookup({ "rebind.example.com": ["93.184.216.34", "127.0.0.1"] }),
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toContain("127.0.0.1");
  });

  it("refuses an IPv6-mapped loopback answer", async () => {
    const r = await assertPublicStoreHost("https://x.example.com/", {
      allowPrivate: false,
      lookup: lookup({ "x.example.com": ["::ffff:127.0.0.1"] }),
    });
    expect(r.ok).toBe(false);
  });

  it("accepts public answers and reports resolution failures", async () => {
    expect(
      (
        await assertPublicStoreHost("https://ok.example.com/", {
          allowPrivate: false,
          lookup: lookup({ "ok.example.com": ["93.184.216.34"] }),
        })
      ).ok,
    ).toBe(true);
    expect(
      (await assertPublicStoreHost("https://nx.example.com/", { allowPrivate: false, lookup: lookup({}) })).ok,
    ).toBe(false);
  });

  it("is skipped when private URLs are allowed", async () => {
    expect((await assertPublicStoreHost("http://localhost/", { allowPrivate: true, lookup: lookup({}) })).ok).toBe(
      true,
    );
  });
});
