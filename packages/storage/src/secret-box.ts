import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { KitError } from "@magento-integration/client";

/**
 * Secrets at rest: AES-256-GCM, 12-byte random IV, 16-byte tag. Envelope `v1.<keyId>.<iv>.<ciphertext+tag>`
 * (base64url). The key id and version are authenticated as AAD, so an envelope cannot be moved to another key.
 * Rotation: seal with the first key of the ring, open with whichever key the envelope names.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /** True when the envelope was sealed with an older key and should be re-sealed. */
  needsRotation(sealed: string): boolean;
}

export class SecretBoxError extends KitError {
  static override readonly brand: string = "SecretBoxError";
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { problem: "misconfigured", ...options });
  }
}

const VERSION = "v1";

/** One key of the ring (ENCRYPTION_KEYS, parsed by lib/env.ts): its id, named in every envelope, and 32 bytes. */
export interface EncryptionKey {
  id: string;
  key: Buffer;
}

export function createSecretBox(keys: readonly EncryptionKey[]): SecretBox {
  const current = keys[0];
  if (!current) throw new SecretBoxError("SecretBox needs at least one key");
  for (const k of keys) if (k.key.length !== 32) throw new SecretBoxError(`key "${k.id}" is not 32 bytes`);
  const byId = new Map(keys.map((k) => [k.id, k.key]));

  function parse(sealed: string): { id: string; iv: Buffer; body: Buffer } {
    const parts = sealed.split(".");
    if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretBoxError("not a sealed secret");
    const [, id, iv, body] = parts as [string, string, string, string];
    return { id, iv: Buffer.from(iv, "base64url"), body: Buffer.from(body, "base64url") };
  }

  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", current.key, iv);
      cipher.setAAD(Buffer.from(`${VERSION}.${current.id}`));
      const ct = Buffer.concat([cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}.${current.id}.${iv.toString("base64url")}.${ct.toString("base64url")}`;
    },
    open(sealed) {
      const { id, iv, body } = parse(sealed);
      const key = byId.get(id);
      if (!key) throw new SecretBoxError(`no key with id "${id}" in ENCRYPTION_KEY (was it rotated out too early?)`);
      if (iv.length !== 12 || body.length < 16) throw new SecretBoxError("sealed secret is truncated");
      const decipher = createDecipheriv("aes-256-gcm", key, iv);
      decipher.setAAD(Buffer.from(`${VERSION}.${id}`));
      decipher.setAuthTag(body.subarray(body.length - 16));
      try {
        return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString("utf8");
      } catch {
        throw new SecretBoxError("sealed secret failed authentication (tampered, or wrong key)");
      }
    },
    needsRotation(sealed) {
      return parse(sealed).id !== current.id;
    },
  };
}
