/**
 * Someone who knows a consumer key (any admin of the store) links the store before the merchant's popup does.
 * The key must not be handed out by the app itself (job refs in the ops API, log lines), and the merchant's popup
 * must say who holds the store and what to do (delete the integration in the store, create a new one).
 */
import { Writable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../helpers/handshake-harness";
import { PROVIDERS } from "../helpers/databases";
import { completeIdentityFor } from "@magento-integration/handshake";
import { createLogger } from "@/lib/log";
import { STORE_ADVICE } from "@magento-integration/client";

describe.each(PROVIDERS)("on %s", (provider) => {
  let h: Harness;
  const lines: string[] = [];
  beforeEach(async () => {
    lines.length = 0;
    const destination = new Writable({
      write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString("utf8")), done()),
    });
    h = await startHarness({ provider, kit: { log: createLogger({ level: "debug", destination }) } });
  });
  afterEach(async () => {
    await h.close();
  });

  it("the key is in neither the ops API's jobs nor the logs; the merchant's popup names who holds the store and the remedy", async () => {
    const integ = await h.createIntegration("Held");
    const act = await h.activate(integ.id);
    await h.settle();
    const key = integ.consumer_key;

    const jobs = await h.kit.jobs.overview({ limit: 100 });
    expect(jobs.some((j) => j.kind === "handshake.callback")).toBe(true);
    expect(JSON.stringify(jobs)).not.toContain(key);
    const stored = await h.kit.jobs.queue.list({ limit: 100 });
    expect(stored.filter((j) => `${j.key ?? ""} ${j.ref ?? ""}`.includes(key))).toEqual([]);
    expect(lines.join("")).not.toContain(key);

    const popup = new URL(act.identity_url ?? `missing: ${JSON.stringify(act)}`);
    const query = {
      oauth_consumer_key: popup.searchParams.get("oauth_consumer_key")!,
      success_call_back: popup.searchParams.get("success_call_back")!,
    };
    const intruder = await h.db.user.create({ data: { email: "mallory@intruder.test", passwordHash: "x" } });
    const merchant = await h.db.user.create({ data: { email: "owner@shop.test", passwordHash: "x" } });
    const consent = async () => {
      const a = await h.db.activation.findFirstOrThrow({
        where: { installation: { consumerKey: key } },
        orderBy: { seq: "desc" },
      });
      return { consent: { activationId: a.id, at: Date.now() }, fromAdminPopup: true };
    };
    expect((await completeIdentityFor(h.deps, query, intruder.id, await consent())).kind).toBe("redirect");

    const merchantSees = await completeIdentityFor(h.deps, query, merchant.id, await consent());
    if (merchantSees.kind !== "link_requested") throw new Error(`expected link_requested, got ${merchantSees.kind}`);
    expect(merchantSees.holders.map((x) => x.email)).toEqual(["m•••@intruder.test"]);
    expect(STORE_ADVICE.linked_by_someone_else.fix).toMatch(/delete this integration, which revokes its tokens/);
    expect(STORE_ADVICE.linked_by_someone_else.fix).toMatch(/create a new one/);
  });
});
