import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSecretBox } from "@magento-integration/storage";

const k = (id: string) => ({ id, key: randomBytes(32) });

describe("SecretBox", () => {
  it("round-trips and never produces the same envelope twice", () => {
    const box = createSecretBox([k("k1")]);
    const a = box.seal("s3cret ünïcode");
    const b = box.seal("s3cret ünïcode");
    expect(a).not.toBe(b);
    expect(a.startsWith("v1.k1.")).toBe(true);
    expect(a).not.toContain("s3cret");
    expect(box.open(a)).toBe("s3cret ünïcode");
  });

  it("rotates: seals with the first key, opens envelopes of older keys", () => {
    const k0 = k("k0");
    const k1 = k("k1");
    const old = createSecretBox([k0]).seal("old secret");
    const rotated = createSecretBox([k1, k0]);
    expect(rotated.open(old)).toBe("old secret");
    expect(rotated.needsRotation(old)).toBe(true);
    const fresh = rotated.seal("new");
    expect(fresh.startsWith("v1.k1.")).toBe(true);
    expect(rotated.needsRotation(fresh)).toBe(false);
    expect(() => createSecretBox([k1]).open(old)).toThrow(/no key with id "k0"/);
  });

  it("detects tampering, a wrong key with the same id, and relabelled key ids", () => {
    const box = createSecretBox([k("k1")]);
    const sealed = box.seal("value");
    const parts = sealed.split(".");
    const body = Buffer.from(parts[3]!, "base64url");
    body[0] = body[0]! ^ 1;
    expect(() => box.open([parts[0], parts[1], parts[2], body.toString("base64url")].join("."))).toThrow(
      /authentication/,
    );
    expect(() => createSecretBox([k("k1")]).open(sealed)).toThrow(/authentication/);
    const k2 = { id: "k2", key: Buffer.alloc(32, 7) };
    const two = createSecretBox([k2, { id: "k3", key: Buffer.alloc(32, 7) }]);
    const s = two.seal("x");
    expect(() => two.open(s.replace("v1.k2.", "v1.k3."))).toThrow(/authentication/);
    expect(() => box.open("garbage")).toThrow();
  });
});
