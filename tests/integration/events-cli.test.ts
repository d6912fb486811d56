/**
 * `npm run --silent events` (scripts/events.ts): the contract scripts and tests rely on. `--show` prints one JSON
 * object with commerceWebhookUrl and ioEventsUrl; `--commerce-key <pem file>` sets the store's Commerce public key
 * (the fingerprint shown is the key's); `--io-client-id <id>` sets the I/O registration's client id.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { join } from "node:path";
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { freshDatabase, type TestDatabase } from "../helpers/databases";

const run = promisify(execFile);
const fixtures = join(__dirname, "..", "fixtures", "store-events");

describe("events CLI", () => {
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await db?.dispose();
    db = undefined;
  });

  it("--show prints the intake URLs; --commerce-key and --io-client-id set what verifies deliveries", async () => {
    db = await freshDatabase("sqlite");
    const store = await db.storage.stores.ensure("http://shop.invalid/");
    const inst = await db.storage.installations.create({
      consumerKey: "c".repeat(32),
      storeId: store.id,
      state: "active",
      mode: "oauth",
      consumerSecretEnc: "sealed",
    });
    const env = {
      ...process.env,
      DATABASE_URL: db.url,
      APP_URL: "https://app.example.test",
      NODE_ENV: "test" as const,
    };
    const events = (...args: string[]) =>
      run("npm", ["run", "--silent", "events", "--", "--store", inst.id, ...args], { env });

    const shown = await events("--show");
    const first = JSON.parse(shown.stdout) as Record<string, unknown>;
    expect(shown.stdout.trim().split("\n")).toHaveLength(1);
    expect(first).toMatchObject({
      commerceWebhookUrl: `https://app.example.test/api/events/commerce/${inst.id}`,
      ioEventsUrl: `https://app.example.test/api/events/io/${inst.id}`,
      commerceKeyFingerprint: null,
      ioClientId: null,
    });

    const set = await events(
      "--commerce-key",
      join(fixtures, "commerce-public.pem"),
      "--io-client-id",
      "my-client-id",
      "--show",
    );
    const after = JSON.parse(set.stdout) as Record<string, unknown>;
    expect(after.commerceKeyFingerprint).toBe(
      readFileSync(join(fixtures, "commerce-public.fingerprint.txt"), "utf8").trim(),
    );
    expect(after.ioClientId).toBe("my-client-id");
    expect(await db.storage.storeEvents.source(inst.id)).toMatchObject({ ioClientId: "my-client-id" });

    // a file that is not a public key: exit 2, saying what to paste, nothing changed
    const bad = await events("--commerce-key", join(fixtures, "commerce-body.json")).catch(
      (e: { code: number; stderr: string; stdout: string }) => e,
    );
    expect(bad).toMatchObject({ code: 2, stdout: "" });
    expect((bad as { stderr: string }).stderr).toMatch(/BEGIN PUBLIC KEY/);
    expect((await db.storage.storeEvents.source(inst.id))?.commerceKeyFingerprint).toBe(after.commerceKeyFingerprint);

    const unknown = await run("npm", ["run", "--silent", "events", "--", "--store", "nope", "--show"], { env }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(unknown).toMatchObject({ code: 2 });
    expect((unknown as { stderr: string }).stderr).toMatch(/no store with id "nope"/);
  }, 120_000);
});
