import pino, { type Logger } from "pino";
import { getEnv } from "@/lib/env";

/**
 * Structured logs (pino). Secrets never reach the output: every key that can carry one is censored by name, at
 * the top level and up to three levels deep. Never log raw request options or headers.
 */
const SECRET_KEYS = [
  "secret",
  "password",
  "passwordHash",
  "token",
  "tokenSecret",
  "accessToken",
  "accessTokenSecret",
  "consumerSecret",
  "verifier",
  "authorization",
  "Authorization",
  "cookie",
  "oauth_consumer_secret",
  "oauth_consumer_key_secret",
  "oauth_verifier",
  "oauth_token",
  "oauth_token_secret",
  "oauth_signature",
  "ENCRYPTION_KEY",
  "SESSION_SECRET",
];

export const REDACT_PATHS = SECRET_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`, `*.*.*.${k}`]);

export function createLogger(opts: { level?: string; destination?: pino.DestinationStream } = {}): Logger {
  const options: pino.LoggerOptions = {
    level: opts.level ?? getEnv().logLevel,
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    base: { app: "magento-kit" },
  };
  return opts.destination ? pino(options, opts.destination) : pino(options);
}

let root: Logger | undefined;
export function getLogger(): Logger {
  root ??= createLogger();
  return root;
}
