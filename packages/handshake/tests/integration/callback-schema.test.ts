import { describe, expect, it } from "vitest";
import { parseActivationCallback } from "@magento-integration/handshake";

const KEY = "abcdefghijklmnopqrstuvwxyz012345";
const SECRET = "0123456789abcdefghijklmnopqrstuv";
const VERIFIER = "zyxwvutsrqponmlkjihgfedcba987654";

function form(over: Record<string, string | string[] | undefined> = {}): URLSearchParams {
  const base: Record<string, string | string[] | undefined> = {
    oauth_consumer_key: KEY,
    oauth_consumer_secret: SECRET,
    store_base_url: "https://shop.example.com/",
    oauth_verifier: VERIFIER,
    ...over,
  };
  const f = new URLSearchParams();
  for (const [k, v] of Object.entries(base)) {
    if (v === undefined) continue;
    for (const x of Array.isArray(v) ? v : [v]) f.append(k, x);
  }
  return f;
}

const publicOnly = { allowPrivate: false };

describe("parseActivationCallback", () => {
  it("accepts Magento's four fields and keeps the base URL verbatim", () => {
    const r = parseActivationCallback(form({ store_base_url: "http://Shop.Example.com/index.php/" }), publicOnly);
    expect(r).toEqual({
      ok: true,
      value: {
        consumerKey: KEY,
        consumerSecret: SECRET,
        verifier: VERIFIER,
        storeBaseUrl: "http://shop.example.com/index.php/",
      },
    });
  });

  it("adds the trailing slash Magento always sends", () => {
    const r = parseActivationCallback(form({ store_base_url: "https://shop.example.com/de" }), publicOnly);
    expect(r.ok && r.value.storeBaseUrl).toBe("https://shop.example.com/de/");
  });

  it("drops a trailing dot from the host: shop.example.com. is shop.example.com", () => {
    const r = parseActivationCallback(form({ store_base_url: "https://Shop.Example.com.:8443/" }), publicOnly);
    expect(r.ok && r.value.storeBaseUrl).toBe("https://shop.example.com:8443/");
    const plain = parseActivationCallback(form({ store_base_url: "https://shop.example.com./index.php/" }), publicOnly);
    expect(plain.ok && plain.value.storeBaseUrl).toBe("https://shop.example.com/index.php/");
  });

  it("accepts the seed's oauth_consumer_key_secret, or both when equal", () => {
    expect(
      parseActivationCallback(form({ oauth_consumer_secret: undefined, oauth_consumer_key_secret: SECRET }), publicOnly)
        .ok,
    ).toBe(true);
    expect(parseActivationCallback(form({ oauth_consumer_key_secret: SECRET }), publicOnly).ok).toBe(true);
  });

  it("refuses neither secret field, or two different values", () => {
    const none = parseActivationCallback(form({ oauth_consumer_secret: undefined }), publicOnly);
    expect(none).toMatchObject({ ok: false, field: "oauth_consumer_secret" });
    const two = parseActivationCallback(form({ oauth_consumer_key_secret: SECRET.replace("0", "1") }), publicOnly);
    expect(two).toMatchObject({ ok: false, field: "oauth_consumer_secret" });
    if (!two.ok) expect(two.message).toMatch(/disagree/);
  });

  it.each([
    ["oauth_consumer_key", "ABCDEFGHIJKLMNOPQRSTUVWXYZ012345"],
    ["oauth_consumer_key", KEY.slice(0, 31)],
    ["oauth_consumer_key", KEY + "a"],
    ["oauth_consumer_key", "x".repeat(100_000)],
    ["oauth_consumer_key", "abcdefghijklmnopqrstuvwxyz01234-"],
    ["oauth_consumer_key", "abcdefghijklmnopqrstuvwxyz0123ß"],
    ["oauth_consumer_key", " " + KEY.slice(1)],
    ["oauth_consumer_secret", "../../../etc/passwd0123456789abc"],
    ["oauth_consumer_secret", ""],
    ["oauth_verifier", VERIFIER.slice(0, 16)],
    ["oauth_verifier", VERIFIER.replace("z", "%")],
    ["oauth_verifier", undefined],
    ["oauth_consumer_key", undefined],
  ])("refuses %s = %j and names the field", (field, value) => {
    const r = parseActivationCallback(form({ [field]: value }), publicOnly);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.field).toBe(field);
      expect(r.message).toContain(field);
    }
  });

  it("refuses a field sent twice", () => {
    const r = parseActivationCallback(form({ oauth_consumer_key: [KEY, KEY] }), publicOnly);
    expect(r).toMatchObject({ ok: false, field: "oauth_consumer_key" });
  });

  it.each([
    "javascript:alert(1)",
    "//evil.example/",
    "ftp://shop.example.com/",
    "file:///etc/passwd",
    "https://user:pass@shop.example.com/",
    "https://user@shop.example.com/",
    "https://@shop.example.com/",
    "https://shop.example.com/#frag",
    "https://shop.example.com/?a=b",
    "https://shop.example.com/" + "a".repeat(3000),
    "https://shop example.com/",
    "https://shop.example.com\\@evil.com/",
    "https://shop.example.com/\u0000/",
    "shop.example.com",
    "",
    "http://localhost/",
    "http://localhost./",
    "http://shop.localhost/",
    "http://intranet/",
    "http://127.0.0.1/",
    "http://127.1/",
    "http://2130706433/",
    "http://0x7f000001/",
    "http://0x7f.0.0.1/",
    "http://0177.0.0.1/",
    "http://10.0.0.5/",
    "http://172.16.3.4/",
    "http://192.168.1.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://100.64.0.1/",
    "http://0.0.0.0/",
    "http://0/",
    "http://%31%32%37.0.0.1/",
    "http://[::ffff:169.254.169.254]/",
    "http://xn--zz.com/",
    "http://exa\tmple.com/",
    "http://shop.example.com:99999/",
    "http://[::1]/",
    "http://[::]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    "http://[::ffff:a9fe:a9fe]/",
    "http://[fd00::1]/",
    "http://[fc12:3456::1]/",
    "http://[fe80::1]/",
    "http://[64:ff9b::7f00:1]/",
    "http://[2002:7f00:1::]/",
    "http://[::127.0.0.1]/",
    "http://shop.example.com/a/../b/",
    "http://shop.example.com/%2e%2e/",
  ])("refuses store_base_url %j when private URLs are not allowed", (url) => {
    const r = parseActivationCallback(form({ store_base_url: url }), publicOnly);
    expect(r).toMatchObject({ ok: false, field: "store_base_url" });
  });

  it("allows loopback stores only when ALLOW_PRIVATE_STORE_URLS is on", () => {
    const r = parseActivationCallback(form({ store_base_url: "http://127.0.0.1:3100/" }), { allowPrivate: true });
    expect(r.ok && r.value.storeBaseUrl).toBe("http://127.0.0.1:3100/");
    expect(parseActivationCallback(form({ store_base_url: "http://127.0.0.1:3100/" }), publicOnly).ok).toBe(false);
  });

  it("normalises unicode look-alike hosts to punycode (and full-width dots)", () => {
    const cyr = parseActivationCallback(form({ store_base_url: "https://ѕhop.example.com/" }), publicOnly);
    expect(cyr.ok && cyr.value.storeBaseUrl).toMatch(/^https:\/\/xn--hop-[a-z0-9]+\.example\.com\/$/);
    const wide = parseActivationCallback(form({ store_base_url: "https://ｓｈｏｐ．example.com/" }), publicOnly);
    expect(wide.ok && wide.value.storeBaseUrl).toBe("https://shop.example.com/");
  });

  it("accepts public IPs in any form and canonicalises them", () => {
    const r = parseActivationCallback(form({ store_base_url: "http://0x5db8d822/" }), publicOnly);
    expect(r.ok && r.value.storeBaseUrl).toBe("http://93.184.216.34/");
    expect(parseActivationCallback(form({ store_base_url: "http://[2606:2800:220:1::1]/" }), publicOnly).ok).toBe(true);
  });
});
