import { z } from "zod";
import { ADOBE_IO_KEY_ORIGIN } from "@magento-integration/sync/events";
import { KitError } from "@magento-integration/client";
import type { EncryptionKey } from "@magento-integration/storage";

/**
 * The app's environment, parsed once with zod. `npm run dev` works with no .env at all: the dev-only secrets
 * below are fixed, public, and refused in production, where a missing or weak secret stops start-up with a
 * message that says how to make a good one.
 */

/** DEV ONLY — public value, never use in production (parseEnv refuses it when NODE_ENV=production). */
export const DEV_SESSION_SECRET = "dev-only-session-secret-do-not-use-in-production-000";
/** DEV ONLY — public 32-byte key (base64), key id "dev"; refused in production. */
export const DEV_ENCRYPTION_KEY = "dev:ZGV2LW9ubHkta2V5LWRvLW5vdC11c2UtaW4tcHJvZCE=";

const HOW_TO_SECRET = "Generate one with: openssl rand -base64 32";

export interface Env {
  nodeEnv: "development" | "production" | "test";
  appUrl: string;
  port: number;
  databaseUrl: string;
  sessionSecret: string;
  /** First entry encrypts; every entry decrypts (rotation). */
  encryptionKeys: EncryptionKey[];
  allowPrivateStoreUrls: boolean;
  /**
   * Where Adobe I/O Events public keys are fetched (only the path comes from a delivery): Adobe's key host. Tests
   * and the dev store's stand-in set DEV_IO_EVENTS_KEY_ORIGIN; production refuses any other value.
   */
  ioEventsKeyOrigin: string;
  /** A reverse proxy in front sets X-Forwarded-For (used for per-IP sign-in limits). */
  trustProxy: boolean;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  devstoreUrl: string | undefined;
  /** True while a dev-only default secret is in use (only outside production: production refuses them). */
  usingDevSecrets: boolean;
  /** Bearer token for the operators' JSON (GET /api/ops/jobs); unset: that endpoint does not exist. */
  opsToken: string | undefined;
  /** Metrics of store calls carry the store's host as a label (one series per store: opt-in). */
  metricsPerStore: boolean;
  /** `npm run worker` serves GET /metrics here (WORKER_METRICS_PORT, needs OPS_TOKEN); null: not served. */
  workerMetrics: { host: string; port: number; token: string } | null;
  /** How long a stopping process waits for requests and jobs in flight (SIGTERM; docs/operations.md). */
  shutdownGraceSeconds: number;
  /**
   * The most a page waits for the store, one call with its retries (STORE_PAGE_TIMEOUT_SECONDS, default 10): then
   * it says the store is not answering. Background jobs keep their own, longer limits.
   */
  storePageTimeoutMs: number;
  /**
   * The most NDJSON exports keep stored, in bytes: per account (EXPORT_ACCOUNT_BUDGET_MIB, default 2048) and in the
   * whole app (EXPORT_TOTAL_BUDGET_MIB, default 10240). An export that would pass either stops (lib/exports/budget.ts).
   */
  exportBudgets: { perAccountBytes: number; totalBytes: number };
  /**
   * The most store-event deliveries keep stored, in bytes: per installation (EVENT_STORE_BUDGET_MIB, default 1024)
   * and in the whole app (EVENT_TOTAL_BUDGET_MIB, default 10240). A delivery that would pass either is not kept
   * (packages/sync/src/events/budget.ts).
   */
  eventBudgets: { perInstallationBytes: number; totalBytes: number };
  /** Background jobs (docs/platform.md): whether the web process runs a worker, and how it works. */
  worker: {
    inProcess: boolean;
    concurrency: number;
    /** Jobs of one store running at once, across every worker. */
    storeConcurrency: number;
    pollMs: number;
    healthProbeEveryMs: number;
    /** Caps every job's lease: a crashed worker's jobs run again sooner (too low, and slow jobs run twice). */
    maxLeaseSeconds: number | undefined;
    /** The CPU niceness `npm run worker` runs at (WORKER_NICE, default 10: below the web process; packages/storage/src/jobs/worker-priority.ts). */
    nice: number;
  };
}

export class EnvError extends KitError {
  static override readonly brand: string = "EnvError";
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { problem: "misconfigured", ...options });
  }
}

const boolish = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

/**
 * A whole-number setting between min and max. Empty counts as unset (an env file's `NAME=`); anything else must be
 * plain digits, so "abc", "1.5", "0x10" or "1e3" are refused saying what is expected.
 */
const wholeNumber = (min: number, max: number) => {
  const expected = `must be a whole number from ${min} to ${max}`;
  return z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || undefined : v),
    z
      .string()
      .regex(/^\d+$/, expected)
      .transform(Number)
      .pipe(z.number().min(min, expected).max(max, expected))
      .optional(),
  );
};
/** A TCP port; empty counts as unset, so the default applies. */
const portNumber = wholeNumber(1, 65535);

/**
 * A port setting of a script's own (e.g. `npm run dev`'s DEVSTORE_PORT) by the rule PORT follows: empty means the
 * caller's default (undefined here), anything but a whole number from 1 to 65535 is refused naming the setting.
 */
export function parsePortSetting(name: string, value: string | undefined): number | undefined {
  const parsed = z.object({ [name]: portNumber }).safeParse({ [name]: value });
  if (!parsed.success) throw invalidEnvironment(parsed.error);
  return parsed.data[name];
}

/** on or off (any case); empty counts as unset. */
const onOff = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toLowerCase() || undefined : v),
  z.enum(["on", "off"], { message: "must be on or off" }).optional(),
);

const MIB = 1024 * 1024;

const rawSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  APP_URL: z
    .url({ protocol: /^https?$/, message: "must be an http(s) URL such as https://app.example.com" })
    .default("http://127.0.0.1:3000"),
  PORT: portNumber,
  DATABASE_URL: z.string().min(1).default("file:./data/dev.db"),
  SESSION_SECRET: z.string().optional(),
  ENCRYPTION_KEY: z.string().optional(),
  ALLOW_PRIVATE_STORE_URLS: boolish.optional(),
  TRUST_PROXY: boolish.optional(),
  DEV_IO_EVENTS_KEY_ORIGIN: z
    .url({ protocol: /^https?$/, message: "must be an http(s) origin such as http://127.0.0.1:9000" })
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  DEVSTORE_URL: z.url({ protocol: /^https?$/ }).optional(),
  OPS_TOKEN: z.string().min(32, "must be at least 32 random characters (openssl rand -base64 32)").optional(),
  WORKER: onOff,
  WORKER_CONCURRENCY: wholeNumber(1, 200),
  WORKER_NICE: wholeNumber(0, 19),
  STORE_CONCURRENCY: wholeNumber(1, 50),
  JOB_POLL_MS: wholeNumber(10, 60_000),
  HEALTH_PROBE_INTERVAL_SECONDS: wholeNumber(5, 7 * 24 * 3600),
  JOB_LEASE_SECONDS: wholeNumber(2, 24 * 3600),
  METRICS_PER_STORE: boolish.optional(),
  WORKER_METRICS_PORT: wholeNumber(1, 65_535),
  WORKER_METRICS_HOST: z
    .string()
    .regex(/^[0-9A-Za-z.:-]+$/, "must be an address to listen on, such as 127.0.0.1 or 0.0.0.0")
    .optional(),
  SHUTDOWN_GRACE_SECONDS: wholeNumber(1, 3600),
  STORE_PAGE_TIMEOUT_SECONDS: wholeNumber(1, 120),
  EXPORT_ACCOUNT_BUDGET_MIB: wholeNumber(1, 1024 * 1024),
  EXPORT_TOTAL_BUDGET_MIB: wholeNumber(1, 1024 * 1024),
  EVENT_STORE_BUDGET_MIB: wholeNumber(1, 1024 * 1024),
  EVENT_TOTAL_BUDGET_MIB: wholeNumber(1, 1024 * 1024),
});

const KEY_ID = /^[A-Za-z0-9_-]{1,16}$/;

/** One key: 32 bytes as base64 (44 chars) or hex (64 chars). */
function decodeKeyMaterial(text: string): Buffer | null {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(t)) {
    const b = Buffer.from(t.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    return b.length === 32 ? b : null;
  }
  return null;
}

/** `KEY` or `id:KEY` or a keyring `k2:KEY,k1:KEY` (the first encrypts, all decrypt). A bare key gets id "k0". */
export function parseEncryptionKeys(value: string): EncryptionKey[] {
  const parts = value
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) throw new EnvError(`ENCRYPTION_KEY is empty. ${HOW_TO_SECRET}`);
  const seen = new Set<string>();
  return parts.map((part, i) => {
    const colon = part.indexOf(":");
    const id = colon === -1 ? "k0" : part.slice(0, colon);
    const material = colon === -1 ? part : part.slice(colon + 1);
    if (!KEY_ID.test(id))
      throw new EnvError(`ENCRYPTION_KEY entry ${i + 1}: key id "${id}" must be 1-16 of [A-Za-z0-9_-].`);
    if (seen.has(id)) throw new EnvError(`ENCRYPTION_KEY: key id "${id}" appears twice.`);
    seen.add(id);
    const key = decodeKeyMaterial(material);
    if (!key) {
      throw new EnvError(
        `ENCRYPTION_KEY entry "${id}" is not 32 bytes in base64 or hex. ${HOW_TO_SECRET} (rotation: "k2:<new>,k1:<old>")`,
      );
    }
    return { id, key };
  });
}

/** One line per setting that is wrong, each naming it. */
function invalidEnvironment(error: z.ZodError): EnvError {
  const lines = error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`);
  return new EnvError(`Invalid environment:\n${lines.join("\n")}`);
}

function isWeakSecret(s: string): boolean {
  if (s.length < 32) return true;
  return new Set(s).size < 8; // "aaaa…" or "abab…"
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = rawSchema.safeParse(source);
  if (!parsed.success) throw invalidEnvironment(parsed.error);
  const raw = parsed.data;
  const production = raw.NODE_ENV === "production";
  // `next build` evaluates modules with NODE_ENV=production but never serves requests: dev secrets are fine there.
  const building = source.NEXT_PHASE === "phase-production-build";
  const strict = production && !building;
  if (strict) {
    // Say everything that is missing at once, not one variable per failed start.
    const missing = [
      !raw.SESSION_SECRET?.trim() &&
        "  SESSION_SECRET: required, at least 32 random characters (openssl rand -base64 32)",
      !raw.ENCRYPTION_KEY?.trim() && "  ENCRYPTION_KEY: required, 32 bytes in base64 or hex (openssl rand -base64 32)",
      !source.APP_URL?.trim() &&
        "  APP_URL: required, the public https address of this app, e.g. https://app.example.com",
    ].filter(Boolean);
    if (missing.length > 1) throw new EnvError(`Production needs these environment variables:\n${missing.join("\n")}`);
  }

  let usingDevSecrets = false;
  let sessionSecret = raw.SESSION_SECRET?.trim() || undefined;
  if (!sessionSecret) {
    if (strict)
      throw new EnvError(`SESSION_SECRET is required in production (at least 32 characters). ${HOW_TO_SECRET}`);
    sessionSecret = DEV_SESSION_SECRET;
    usingDevSecrets = true;
  } else if (strict && (sessionSecret === DEV_SESSION_SECRET || isWeakSecret(sessionSecret))) {
    throw new EnvError(`SESSION_SECRET is too weak for production (need 32+ random characters). ${HOW_TO_SECRET}`);
  } else if (sessionSecret.length < 32) {
    throw new EnvError(`SESSION_SECRET must be at least 32 characters. ${HOW_TO_SECRET}`);
  }

  let keyText = raw.ENCRYPTION_KEY?.trim() || undefined;
  if (!keyText) {
    if (strict)
      throw new EnvError(`ENCRYPTION_KEY is required in production (32 bytes, base64 or hex). ${HOW_TO_SECRET}`);
    keyText = DEV_ENCRYPTION_KEY;
    usingDevSecrets = true;
  }
  const encryptionKeys = parseEncryptionKeys(keyText);
  const devKey = parseEncryptionKeys(DEV_ENCRYPTION_KEY)[0]!.key;
  if (strict && encryptionKeys.some((k) => k.key.equals(devKey))) {
    throw new EnvError(`ENCRYPTION_KEY uses the public dev-only key; production needs its own. ${HOW_TO_SECRET}`);
  }
  if (strict && encryptionKeys.some((k) => new Set(k.key).size < 8)) {
    throw new EnvError(`ENCRYPTION_KEY is not random enough. ${HOW_TO_SECRET}`);
  }

  if (strict) {
    // Magento posts the callback to APP_URL and opens the identity link on it: a default would silently break both.
    if (!source.APP_URL?.trim()) {
      throw new EnvError(
        "APP_URL is required in production: the public https address of this app, e.g. APP_URL=https://app.example.com",
      );
    }
    const { protocol, hostname } = new URL(raw.APP_URL);
    const loopback = hostname === "localhost" || hostname === "[::1]" || /^127\./.test(hostname);
    if (protocol !== "https:" && !loopback) {
      throw new EnvError(
        `APP_URL must use https in production (Magento verifies TLS and the session cookie is Secure): ${raw.APP_URL}`,
      );
    }
  }

  if (raw.WORKER_METRICS_PORT && !raw.OPS_TOKEN) {
    // the worker's metrics are for operators only: without the token they would be open to anyone who reaches the port
    throw new EnvError(
      "WORKER_METRICS_PORT needs OPS_TOKEN: the worker serves its metrics only to Authorization: Bearer <OPS_TOKEN>.",
    );
  }

  const ioEventsKeyOrigin = raw.DEV_IO_EVENTS_KEY_ORIGIN
    ? new URL(raw.DEV_IO_EVENTS_KEY_ORIGIN).origin
    : ADOBE_IO_KEY_ORIGIN;
  if (strict && ioEventsKeyOrigin !== ADOBE_IO_KEY_ORIGIN) {
    // I/O Events keys come only from Adobe's host in production: another origin would let its owner sign events.
    throw new EnvError(
      `DEV_IO_EVENTS_KEY_ORIGIN is for tests and the dev store only; unset it in production (keys come from ${ADOBE_IO_KEY_ORIGIN}).`,
    );
  }

  return {
    nodeEnv: raw.NODE_ENV,
    appUrl: raw.APP_URL.replace(/\/+$/, ""),
    port: raw.PORT ?? 3000,
    databaseUrl: raw.DATABASE_URL,
    sessionSecret,
    encryptionKeys,
    allowPrivateStoreUrls: raw.ALLOW_PRIVATE_STORE_URLS ?? !production,
    ioEventsKeyOrigin,
    trustProxy: raw.TRUST_PROXY ?? false,
    logLevel: raw.LOG_LEVEL ?? (raw.NODE_ENV === "test" ? "silent" : "info"),
    devstoreUrl: raw.DEVSTORE_URL,
    usingDevSecrets,
    opsToken: raw.OPS_TOKEN,
    metricsPerStore: raw.METRICS_PER_STORE ?? false,
    workerMetrics:
      raw.WORKER_METRICS_PORT && raw.OPS_TOKEN
        ? { host: raw.WORKER_METRICS_HOST ?? "127.0.0.1", port: raw.WORKER_METRICS_PORT, token: raw.OPS_TOKEN }
        : null,
    shutdownGraceSeconds: raw.SHUTDOWN_GRACE_SECONDS ?? 25,
    storePageTimeoutMs: (raw.STORE_PAGE_TIMEOUT_SECONDS ?? 10) * 1000,
    exportBudgets: {
      perAccountBytes: (raw.EXPORT_ACCOUNT_BUDGET_MIB ?? 2048) * MIB,
      totalBytes: (raw.EXPORT_TOTAL_BUDGET_MIB ?? 10240) * MIB,
    },
    eventBudgets: {
      perInstallationBytes: (raw.EVENT_STORE_BUDGET_MIB ?? 1024) * MIB,
      totalBytes: (raw.EVENT_TOTAL_BUDGET_MIB ?? 10240) * MIB,
    },
    worker: {
      inProcess: (raw.WORKER ?? "on") === "on",
      concurrency: raw.WORKER_CONCURRENCY ?? 8,
      storeConcurrency: raw.STORE_CONCURRENCY ?? 2,
      pollMs: raw.JOB_POLL_MS ?? 250,
      healthProbeEveryMs: (raw.HEALTH_PROBE_INTERVAL_SECONDS ?? 900) * 1000,
      maxLeaseSeconds: raw.JOB_LEASE_SECONDS,
      nice: raw.WORKER_NICE ?? 10,
    },
  };
}

let cached: Env | undefined;

/** The process environment, parsed on first use (never at import time, so `next build` needs no secrets). */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Tests only: forget the cached environment after changing process.env. */
export function resetEnvForTests(): void {
  cached = undefined;
}
