/**
 * The environment of a process the kit starts itself (`npm start`, `npm run worker`), parsed by lib/env.ts with
 * NODE_ENV filled in when it is unset: production for `npm start`; for the worker, production unless the database
 * is the dev default (`npm run worker` beside `npm run dev`). So a worker on a production database with the secrets
 * unset refuses to start, as `npm start` does, instead of running on the dev-only secrets and failing to decrypt
 * what the web process sealed.
 */
import { normalize } from "node:path";
import { parseEnv, type Env } from "@/lib/env";

export { EnvError } from "@/lib/env";

export type UnsetNodeEnv = "production" | "production-unless-dev-database";

type Source = Record<string, string | undefined>;

const isDevDatabase = (url: string | undefined) =>
  !url?.trim() || (url.startsWith("file:") && normalize(url.slice("file:".length)) === normalize("data/dev.db"));

/** `source` with NODE_ENV set as `whenUnset` says, when it is unset or empty. */
export function withNodeEnv(source: Source, whenUnset: UnsetNodeEnv): Source {
  if (source.NODE_ENV?.trim()) return source;
  const production = whenUnset === "production" || !isDevDatabase(source.DATABASE_URL);
  return { ...source, NODE_ENV: production ? "production" : "development" };
}

/** One line for the log when production runs without TRUST_PROXY, or null. */
export function trustProxyWarning(source: Source): string | null {
  if (source.NODE_ENV !== "production" || source.TRUST_PROXY?.trim()) return null;
  return (
    "TRUST_PROXY is unset: every client counts as one address, so per-client limits (sign-in, sign-up, callbacks) " +
    "are shared by everyone; behind a reverse proxy that sets X-Forwarded-For, set TRUST_PROXY=true (or false to " +
    "silence this)"
  );
}

/** The parsed environment (lib/env.ts), NODE_ENV filled in as `whenUnset` says. Throws EnvError. */
export function parseProcessEnv(source: Source, whenUnset: UnsetNodeEnv): Env {
  return parseEnv(withNodeEnv(source, whenUnset));
}
