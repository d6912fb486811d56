import { describe, expect, it } from "vitest";
import { DEV_ENCRYPTION_KEY, DEV_SESSION_SECRET, parseEncryptionKeys, parseEnv } from "@/lib/env";

const strongSecret = "Zq3v9LkP0s8Xw2Yb7Nc4Mr6Jt1Hd5Gf0AaBbCc";
const key64 = Buffer.from(Array.from({ length: 32 }, (_, i) => (i * 37 + 11) % 256)).toString("base64");
const keyHex = Buffer.from(Array.from({ length: 32 }, (_, i) => (i * 53 + 7) % 256)).toString("hex");

describe("parseEnv", () => {
  it("requires APP_URL in production, https unless loopback", () => {
    const base = { NODE_ENV: "production", SESSION_SECRET: strongSecret, ENCRYPTION_KEY: key64 };
    expect(() => parseEnv(base)).toThrow(/APP_URL is required in production/);
    expect(() => parseEnv({ ...base, APP_URL: "http://app.example.com" })).toThrow(/APP_URL must use https/);
    expect(parseEnv({ ...base, APP_URL: "http://127.0.0.1:3200" }).appUrl).toBe("http://127.0.0.1:3200");
    expect(parseEnv({ ...base, APP_URL: "https://app.example.com" }).appUrl).toBe("https://app.example.com");
    // `next build` evaluates modules with NODE_ENV=production and needs no APP_URL
    expect(parseEnv({ NODE_ENV: "production", NEXT_PHASE: "phase-production-build" }).appUrl).toBe(
      "http://127.0.0.1:3000",
    );
  });

  it("TRUST_PROXY is off unless set", () => {
    expect(parseEnv({}).trustProxy).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(() => parseEnv({ TRUST_PROXY: "maybe" })).toThrow(/TRUST_PROXY: must be true or false/);
  });

  it("works with no env at all in development, with marked dev secrets", () => {
    const env = parseEnv({});
    expect(env.appUrl).toBe("http://127.0.0.1:3000");
    expect(env.databaseUrl).toBe("file:./data/dev.db");
    expect(env.sessionSecret).toBe(DEV_SESSION_SECRET);
    expect(env.encryptionKeys[0]!.id).toBe("dev");
    expect(env.encryptionKeys[0]!.key.length).toBe(32);
    expect(env.allowPrivateStoreUrls).toBe(true);
    expect(env.usingDevSecrets).toBe(true);
  });

  it("stops production start-up without secrets, saying how to make one", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET.*openssl rand -base64 32/);
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: strongSecret })).toThrow(
      /ENCRYPTION_KEY.*openssl rand/,
    );
  });

  it("refuses weak or dev secrets in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: "short", ENCRYPTION_KEY: key64 })).toThrow(/weak/);
    expect(() => parseEnv({ NODE_ENV: "production", SESSION_SECRET: "a".repeat(40), ENCRYPTION_KEY: key64 })).toThrow(
      /weak/,
    );
    expect(() =>
      parseEnv({ NODE_ENV: "production", SESSION_SECRET: DEV_SESSION_SECRET, ENCRYPTION_KEY: key64 }),
    ).toThrow(/weak/);
    expect(() =>
      parseEnv({ NODE_ENV: "production", SESSION_SECRET: strongSecret, ENCRYPTION_KEY: DEV_ENCRYPTION_KEY }),
    ).toThrow(/dev-only/);
    expect(() =>
      parseEnv({
        NODE_ENV: "production",
        SESSION_SECRET: strongSecret,
        ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64"),
      }),
    ).toThrow(/random/);
  });

  it("accepts good production settings; private store URLs off by default", () => {
    const env = parseEnv({
      NODE_ENV: "production",
      SESSION_SECRET: strongSecret,
      ENCRYPTION_KEY: key64,
      APP_URL: "https://app.example.com/",
    });
    expect(env.allowPrivateStoreUrls).toBe(false);
    expect(env.appUrl).toBe("https://app.example.com");
    expect(env.usingDevSecrets).toBe(false);
    expect(
      parseEnv({
        NODE_ENV: "production",
        SESSION_SECRET: strongSecret,
        ENCRYPTION_KEY: key64,
        APP_URL: "https://app.example.com",
        ALLOW_PRIVATE_STORE_URLS: "true",
      }).allowPrivateStoreUrls,
    ).toBe(true);
  });

  it("lets next build run without secrets", () => {
    expect(parseEnv({ NODE_ENV: "production", NEXT_PHASE: "phase-production-build" }).usingDevSecrets).toBe(true);
  });

  it("validates APP_URL, PORT and booleans", () => {
    expect(() => parseEnv({ APP_URL: "javascript:alert(1)" })).toThrow(/APP_URL/);
    expect(() => parseEnv({ PORT: "99999" })).toThrow(/PORT/);
    expect(() => parseEnv({ ALLOW_PRIVATE_STORE_URLS: "maybe" })).toThrow(/ALLOW_PRIVATE_STORE_URLS/);
    expect(parseEnv({ ALLOW_PRIVATE_STORE_URLS: "false" }).allowPrivateStoreUrls).toBe(false);
  });
});

describe("parseEncryptionKeys", () => {
  it("reads base64, hex and a keyring; the first key encrypts", () => {
    expect(parseEncryptionKeys(key64)[0]!.id).toBe("k0");
    expect(parseEncryptionKeys(keyHex)[0]!.key.toString("hex")).toBe(keyHex);
    const ring = parseEncryptionKeys(`k2:${keyHex}, k1:${key64}`);
    expect(ring.map((k) => k.id)).toEqual(["k2", "k1"]);
  });

  it("refuses short keys, bad ids and duplicate ids", () => {
    expect(() => parseEncryptionKeys("abc")).toThrow(/32 bytes/);
    expect(() => parseEncryptionKeys(Buffer.alloc(16, 3).toString("base64"))).toThrow(/32 bytes/);
    expect(() => parseEncryptionKeys(`bad id:${key64}`)).toThrow(/key id/);
    expect(() => parseEncryptionKeys(`k1:${key64},k1:${keyHex}`)).toThrow(/twice/);
  });

  it("worker settings: plain whole numbers in range, on/off; empty means unset; anything else refused saying what is expected", () => {
    const w = (env: Record<string, string>) => parseEnv({ NODE_ENV: "test", ...env }).worker;
    expect(w({})).toMatchObject({
      inProcess: true,
      concurrency: 8,
      storeConcurrency: 2,
      pollMs: 250,
      healthProbeEveryMs: 900_000,
    });
    expect(w({ WORKER: "", WORKER_CONCURRENCY: "", JOB_LEASE_SECONDS: " " })).toMatchObject({
      inProcess: true,
      concurrency: 8,
      maxLeaseSeconds: undefined,
    });
    expect(w({ WORKER: "OFF", WORKER_CONCURRENCY: " 4 ", HEALTH_PROBE_INTERVAL_SECONDS: "5" })).toMatchObject({
      inProcess: false,
      concurrency: 4,
      healthProbeEveryMs: 5_000,
    });
    for (const bad of ["0", "-1", "abc", "1.5", "0x10", "1e1", "201"]) {
      expect(() => w({ WORKER_CONCURRENCY: bad })).toThrow(/WORKER_CONCURRENCY: must be a whole number from 1 to 200/);
    }
    expect(() => w({ JOB_LEASE_SECONDS: "1" })).toThrow(/JOB_LEASE_SECONDS: must be a whole number from 2 to 86400/);
    expect(() => w({ WORKER: "false" })).toThrow(/WORKER: must be on or off/);
    // the worker's CPU niceness: below the web process unless told (packages/storage/src/jobs/worker-priority.ts)
    expect(w({}).nice).toBe(10);
    expect(w({ WORKER_NICE: "0" }).nice).toBe(0);
    expect(w({ WORKER_NICE: " 19 " }).nice).toBe(19);
    for (const bad of ["-5", "20", "high"])
      expect(() => w({ WORKER_NICE: bad })).toThrow(/WORKER_NICE: must be a whole number from 0 to 19/);
  });

  it("PORT: a plain whole number from 1 to 65535 like the other numeric settings; empty (an env file's PORT=) means the default", () => {
    expect(parseEnv({}).port).toBe(3000);
    expect(parseEnv({ PORT: "" }).port).toBe(3000);
    expect(parseEnv({ PORT: " 8080 " }).port).toBe(8080);
    for (const bad of ["0", "65536", "1e3", "0x50", "3000abc", "80.5"]) {
      expect(() => parseEnv({ PORT: bad })).toThrow(/PORT: must be a whole number from 1 to 65535/);
    }
  });
  it("export budgets: MiB per account and in all, 2048 and 10240 by default; anything but a whole number refused", () => {
    const MIB = 1024 * 1024;
    expect(parseEnv({}).exportBudgets).toEqual({ perAccountBytes: 2048 * MIB, totalBytes: 10240 * MIB });
    expect(parseEnv({ EXPORT_ACCOUNT_BUDGET_MIB: "512", EXPORT_TOTAL_BUDGET_MIB: " 4096 " }).exportBudgets).toEqual({
      perAccountBytes: 512 * MIB,
      totalBytes: 4096 * MIB,
    });
    for (const bad of ["0", "-5", "1.5", "2GB", "1e3"]) {
      expect(() => parseEnv({ EXPORT_ACCOUNT_BUDGET_MIB: bad })).toThrow(
        /EXPORT_ACCOUNT_BUDGET_MIB: must be a whole number/,
      );
      expect(() => parseEnv({ EXPORT_TOTAL_BUDGET_MIB: bad })).toThrow(
        /EXPORT_TOTAL_BUDGET_MIB: must be a whole number/,
      );
    }
  });
  it("store-event budgets: MiB per store and in all, 1024 and 10240 by default; anything but a whole number refused", () => {
    const MIB = 1024 * 1024;
    expect(parseEnv({}).eventBudgets).toEqual({ perInstallationBytes: 1024 * MIB, totalBytes: 10240 * MIB });
    expect(parseEnv({ EVENT_STORE_BUDGET_MIB: "64", EVENT_TOTAL_BUDGET_MIB: " 2048 " }).eventBudgets).toEqual({
      perInstallationBytes: 64 * MIB,
      totalBytes: 2048 * MIB,
    });
    for (const bad of ["0", "-5", "1.5", "2GB", "1e3"]) {
      expect(() => parseEnv({ EVENT_STORE_BUDGET_MIB: bad })).toThrow(/EVENT_STORE_BUDGET_MIB: must be a whole number/);
      expect(() => parseEnv({ EVENT_TOTAL_BUDGET_MIB: bad })).toThrow(/EVENT_TOTAL_BUDGET_MIB: must be a whole number/);
    }
  });
});
