/**
 * `--state FILE` (what `npm run dev` passes): integrations, consumers, tokens and nonces outlive a restart of the
 * dev store, as in Magento's database; a file it cannot use stops start-up and says how to reset it.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../../tests/helpers/devstore-cli";
import {
  activateWithReceiver,
  adminApi,
  exchangeTokens,
  freshNonce,
  signedRequest,
  startReceiver,
  type DevStore,
  type IntegrationJson,
  type Receiver,
} from "../../../tests/helpers/devstore-client";

let dir: string;
let receiver: Receiver;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "devstore-state-"));
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Starts the CLI on a free port; returns the store as the test helpers address it, and its stop. */
async function startCli(args: string[]) {
  const cli = runCli(["--port", "0", ...args]);
  const out = await cli.banner;
  const storeBaseUrl = /Store base URL\s+(http:\/\/127\.0\.0\.1:\d+\/)/.exec(out)![1]!;
  const store = { url: storeBaseUrl.replace(/\/$/, ""), storeBaseUrl } as DevStore;
  const stop = async () => {
    cli.child.kill("SIGTERM");
    expect(await cli.exited).toBe(0);
  };
  return { store, out, stop };
}

describe("dev store --state FILE", () => {
  it("keeps an activated integration across a restart: its access token still signs a REST call (200), its nonces stay used", async () => {
    const file = path.join(dir, "kept", "devstore-state.json");
    const first = await startCli(["--state", file]);
    let a: Awaited<ReturnType<typeof activateWithReceiver>>;
    let at: { token: string; tokenSecret: string };
    try {
      expect(first.out).toContain(`integrations kept in ${file}`);
      a = await activateWithReceiver(first.store, receiver);
      at = await exchangeTokens(first.store, a.creds, "C");
    } finally {
      await first.stop();
    }
    expect(statSync(file).mode & 0o777).toBe(0o600); // consumer and token secrets: owner only
    const product = (store: DevStore, nonce: string) =>
      signedRequest(store, {
        method: "GET",
        path: "/rest/V1/products/ABC%2F10",
        consumerKey: a.creds.consumerKey,
        consumerSecret: a.creds.consumerSecret,
        token: at.token,
        tokenSecret: at.tokenSecret,
        family: "C",
        nonce,
      });
    const nonce = freshNonce();

    const second = await startCli(["--state", file]);
    try {
      const res = await product(second.store, nonce);
      expect(res.status, res.body).toBe(200);
      expect((JSON.parse(res.body) as { sku: string }).sku).toBe("ABC/10");
      const { json } = await adminApi<IntegrationJson>(second.store, "GET", `/integrations/${a.integration.id}`);
      expect(json.status).toBe("Active");
      expect(json.consumer_key).toBe(a.creds.consumerKey);
      // The auto-increment counters are kept too: a new integration continues the ids.
      const { json: next } = await adminApi<IntegrationJson>(second.store, "POST", "/integrations", {
        name: "Next",
        resources: "all",
      });
      expect(next.id).toBe(a.integration.id + 1);
    } finally {
      await second.stop();
    }

    // Nonces are kept: the same signed request replayed after another restart is refused.
    const third = await startCli(["--state", file]);
    try {
      const replay = await product(third.store, nonce);
      expect(replay.status).toBe(401);
      expect(replay.body).toContain("The nonce is already being used");
    } finally {
      await third.stop();
    }
  });

  it("without --state every start is the seed (what the tests rely on)", async () => {
    const s = await startCli([]);
    try {
      expect(s.out).toContain("integrations start from the seed");
      const { json } = await adminApi<IntegrationJson[]>(s.store, "GET", "/integrations");
      expect(json).toEqual([]);
    } finally {
      await s.stop();
    }
  });

  it.each([
    ["not JSON", '{"version": 1, "tables": ', "is not valid JSON"],
    [
      "another version",
      JSON.stringify({ version: 99, tables: {} }),
      "has version 99, and this dev store reads version 1",
    ],
    [
      "a token of no consumer",
      JSON.stringify({
        version: 1,
        tables: {
          integrations: [],
          consumers: [],
          nonces: [],
          seq: { integration: 0, consumer: 0, token: 1 },
          tokens: [
            {
              id: 1,
              consumerId: 7,
              type: "access",
              token: "t",
              secret: "s",
              verifier: "v",
              revoked: false,
              createdAt: 0,
            },
          ],
        },
      }),
      "a token points at no consumer",
    ],
  ])(
    "a state file holding %s stops start-up (exit 2) naming the file and how to reset it, and is left as it was",
    async (_what, content, reason) => {
      const file = path.join(dir, `bad-${freshNonce().slice(0, 8)}.json`);
      writeFileSync(file, content);
      const cli = runCli(["--port", "0", "--state", file]);
      // A store that starts anyway (the file dropped) prints its banner: stop it and fail, rather than wait for it.
      const started = await Promise.race([
        cli.exited.then(() => false),
        cli.banner.then(
          () => true,
          () => false,
        ),
      ]);
      if (started) cli.child.kill("SIGTERM");
      expect(started, "the dev store started on a state file it could not use").toBe(false);
      expect(await cli.exited).toBe(2);
      expect(cli.stderr()).toContain(`Dev store state file ${file}`);
      expect(cli.stderr()).toContain(reason);
      expect(cli.stderr()).toContain(`rm ${file}`);
      expect(readFileSync(file, "utf8")).toBe(content);
    },
  );
});
