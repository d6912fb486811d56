/**
 * Whom each of the kit's job kinds serves (packages/storage/src/jobs/foreground.ts): a worker runs the handshake's jobs (the
 * merchant's popup and the store's 300 s window wait on them) before the jobs nobody waits on, and runs every
 * other kind in plain fair order. The kinds are built the way a worker builds them (createKit's modules); their
 * handlers are not run, so no service is needed.
 */
import { describe, expect, it } from "vitest";
import { KIT_JOB_MODULES, type KitJobServices } from "@/lib/kit";
import type { JobQueue } from "@magento-integration/storage/jobs";
import { CALLBACK_JOB, EXCHANGE_JOB, PROBE_JOB } from "@magento-integration/handshake";
import { SYNC_PASS_JOB, SYNC_SWEEP_JOB } from "@/lib/jobs/kinds/sync";
import { EXPORT_JOB } from "@/lib/jobs/kinds/export";
import { BULK_JOB } from "@/lib/jobs/kinds/bulk";
import { STORE_EVENT_JOB } from "@magento-integration/sync/events";

/** Stands for every service and queue: a module reads some of them while it builds its kinds, none is called. */
const stub: unknown = new Proxy(() => stub, { get: () => stub, apply: () => stub });
const kinds = KIT_JOB_MODULES.flatMap((m) => m.kinds(stub as KitJobServices, stub as JobQueue));
const priorityOf = (kind: string) => {
  const found = kinds.find((k) => k.kind === kind);
  if (!found) throw new Error(`no job kind ${kind} is registered`);
  return found.priority ?? "plain";
};

describe("the kit's job kinds: who waits on them", () => {
  it("records callbacks and exchanges tokens in the foreground", () => {
    expect(priorityOf(CALLBACK_JOB)).toBe("foreground");
    expect(priorityOf(EXCHANGE_JOB)).toBe("foreground");
  });

  it("holds sync passes, sweeps and health probes back while a handshake runs in the worker", () => {
    for (const kind of [SYNC_PASS_JOB, SYNC_SWEEP_JOB, PROBE_JOB]) expect(priorityOf(kind)).toBe("background");
  });

  it("runs an export, a bulk upload's tracking and a store event in plain fair order", () => {
    for (const kind of [EXPORT_JOB, BULK_JOB, STORE_EVENT_JOB]) expect(priorityOf(kind)).toBe("plain");
  });
});
