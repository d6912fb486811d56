/**
 * The mode of a process the kit starts itself when NODE_ENV is unset (lib/process-env.ts): `npm start` is always
 * production; `npm run worker` is production unless the database is the dev default, so on a production database
 * with the secrets unset it refuses, with the same message `npm start` gives. And the one-line TRUST_PROXY warning.
 */
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { parseProcessEnv, trustProxyWarning, withNodeEnv } from "@/lib/process-env";

const PG = "postgresql://kit:pw@db.invalid:5432/kit";

describe("NODE_ENV unset", () => {
  it("npm start: production, whatever the database", () => {
    expect(withNodeEnv({}, "production").NODE_ENV).toBe("production");
    expect(withNodeEnv({ DATABASE_URL: "file:./data/dev.db" }, "production").NODE_ENV).toBe("production");
  });

  it("the worker: development on the dev default database, production on any other", () => {
    const mode = (DATABASE_URL?: string) => withNodeEnv({ DATABASE_URL }, "production-unless-dev-database").NODE_ENV;
    expect(mode(undefined)).toBe("development");
    expect(mode("file:./data/dev.db")).toBe("development");
    expect(mode("file:data/dev.db")).toBe("development");
    expect(mode(PG)).toBe("production");
    expect(mode("file:/srv/kit/app.db")).toBe("production");
  });

  it("a NODE_ENV that is set is kept", () => {
    expect(withNodeEnv({ NODE_ENV: "test", DATABASE_URL: PG }, "production").NODE_ENV).toBe("test");
  });

  it("the worker on a production database without secrets refuses as npm start does", () => {
    const source = { DATABASE_URL: PG, APP_URL: "https://app.example.com" };
    let startMessage = "";
    try {
      parseEnv({ ...source, NODE_ENV: "production" });
    } catch (e) {
      startMessage = (e as Error).message;
    }
    expect(startMessage).toMatch(/SESSION_SECRET/);
    expect(() => parseProcessEnv(source, "production-unless-dev-database")).toThrow(startMessage);
    // on the dev database it runs on the dev-only secrets, as npm run dev does
    expect(parseProcessEnv({}, "production-unless-dev-database").usingDevSecrets).toBe(true);
  });
});

describe("the TRUST_PROXY warning", () => {
  it("one line in production when TRUST_PROXY is unset, saying what it means and how to set it", () => {
    const line = trustProxyWarning({ NODE_ENV: "production" });
    expect(line).toMatch(/TRUST_PROXY is unset/);
    expect(line).toMatch(/TRUST_PROXY=true/);
    expect(line).not.toContain("\n");
  });

  it("nothing when it is set (true or false) or outside production", () => {
    expect(trustProxyWarning({ NODE_ENV: "production", TRUST_PROXY: "true" })).toBeNull();
    expect(trustProxyWarning({ NODE_ENV: "production", TRUST_PROXY: "false" })).toBeNull();
    expect(trustProxyWarning({ NODE_ENV: "development" })).toBeNull();
  });
});
