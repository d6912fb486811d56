/**
 * Crash mid-exchange: the app died (kill -9) with exchanges open. At start-up they are resumed when the store's
 * 300 s window is still open and no request token was issued yet, else failed(interrupted) at once.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./handshake-harness";
import { recoverInterruptedExchanges } from "@/lib/integration/recovery";
import { runExchange } from "@/lib/integration/exchange";
import { completeIdentityFor } from "@/lib/integration/identity";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

/** An activation whose runner died: recorded (callback answered), its exchange left in `state`. */
async function diedDuring(name: string, state: "pending" | "exchanging", opts: { requestToken?: boolean; ageMs?: number } = {}) {
  const integ = await h.createIntegration(name);
  const act = await h.activate(integ.id);
  const inst = await h.installation(integ.consumer_key);
  const callbackAt = new Date(Date.now() - (opts.ageMs ?? 1000));
  await h.db.activation.updateMany({
    where: { installationId: inst.id },
    data: { state, callbackAt, exchangeStartedAt: state === "exchanging" ? callbackAt : null, requestTokenAt: opts.requestToken ? callbackAt : null },
  });
  if (state === "exchanging") await h.db.installation.update({ where: { id: inst.id }, data: { state: "exchanging" } });
  const query = Object.fromEntries(new URL(act.identity_url!).searchParams) as { oauth_consumer_key: string; success_call_back: string };
  return { integ, inst, query };
}

describe("start-up recovery of interrupted exchanges", () => {
  it("resumes an exchange inside the 300 s window and fails the others at once", async () => {
    h.hold(); // the harness's own exchange runs never start: the process "died" after answering the callbacks
    const inWindow = await diedDuring("Resume me", "exchanging", { ageMs: 20_000 });
    const tokenLost = await diedDuring("Token lost", "exchanging", { requestToken: true, ageMs: 20_000 });
    const late = await diedDuring("Too late", "pending", { ageMs: 301_000 });

    const resumedRuns: Array<Promise<unknown>> = [];
    const r = await recoverInterruptedExchanges({ db: h.db, now: () => new Date() }, (id) => {
      const p = runExchange(h.deps, id);
      resumedRuns.push(p);
      return p;
    });
    await Promise.all(resumedRuns);
    expect(r.resumed).toHaveLength(1);
    expect(r.failed).toHaveLength(2);
    expect((await h.installation(inWindow.integ.consumer_key)).state).toBe("active");
    for (const x of [tokenLost, late]) {
      expect(await h.installation(x.integ.consumer_key)).toMatchObject({ state: "failed", failureReason: "interrupted" });
    }
    // the popup says so at once (no "store allows 300 s" wait)
    const user = await h.db.user.create({ data: { email: "after-crash@example.com", passwordHash: "x" } });
    const a = await h.db.activation.findFirstOrThrow({ where: { installationId: late.inst.id } });
    expect(await completeIdentityFor(h.deps, late.query, user.id, { consent: { activationId: a.id, at: Date.now() } })).toMatchObject({
      kind: "failed",
      reason: "interrupted",
    });
  });
});
