/**
 * Where a burst's time went, from the job table: each handshake job's own run (started → completed), the lanes
 * they ran on, the span they took, and how long each kind's lanes stood idle between one job's end and the next's
 * start while work was still queued (time no slot of that lane was running anything), and what other jobs the
 * workers ran meanwhile.
 */
import type { Database } from "@magento-integration/storage";
import { openJobQueue, type Job } from "@magento-integration/storage/jobs";
import { fmt, pct } from "./app-server";

const KINDS = ["handshake.callback", "handshake.exchange"];

export async function printHandshakeJobRuns(database: Database, startedMs: number, expected: number): Promise<void> {
  const queue = openJobQueue(database);
  const jobs = (await queue.list({ kinds: KINDS, states: ["completed"], limit: 10 * expected })).filter(
    (j) => j.startedAt && j.startedAt.getTime() >= startedMs,
  );
  const others = (await queue.list({ states: ["completed", "failed", "active"], limit: 100 * expected })).filter(
    (j) => !KINDS.includes(j.kind) && j.startedAt && j.startedAt.getTime() >= startedMs,
  );
  await queue.stop();
  const counts = new Map<string, { n: number; ms: number }>();
  for (const j of others) {
    const c = counts.get(j.kind) ?? { n: 0, ms: 0 };
    c.n++;
    c.ms += (j.completedAt ?? new Date()).getTime() - j.startedAt!.getTime();
    counts.set(j.kind, c);
  }
  console.log(
    `  other jobs run meanwhile: ${[...counts].map(([k, c]) => `${k} ${c.n} (busy ${(c.ms / 1000).toFixed(1)} s)`).join(", ") || "none"}`,
  );
  for (const kind of KINDS) {
    const runs = jobs
      .filter((j) => j.kind === kind && j.startedAt && j.completedAt)
      .map((j) => ({ lane: j.lane, start: j.startedAt!.getTime(), end: j.completedAt!.getTime() }))
      .sort((a, b) => a.start - b.start);
    if (runs.length === 0) continue;
    const ms = runs.map((r) => r.end - r.start);
    const first = runs[0]!.start;
    const last = Math.max(...runs.map((r) => r.end));
    if (kind === "handshake.exchange") await printExchangeSteps(database, jobs);
    console.log(
      `  ${kind} jobs: ${runs.length} on ${new Set(runs.map((r) => r.lane)).size} lane(s), run p50 ${fmt(pct(ms, 0.5))} p95 ${fmt(pct(ms, 0.95))}, ` +
        `first start ${((first - startedMs) / 1000).toFixed(1)} s, last end ${((last - startedMs) / 1000).toFixed(1)} s after the burst, ` +
        `busy ${(ms.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s in all, idle between jobs ${(idleBetween(runs) / 1000).toFixed(1)} s`,
    );
  }
}

/** Time inside [first start, last end] when no job of these runs was running. */
function idleBetween(runs: ReadonlyArray<{ start: number; end: number }>): number {
  let idle = 0;
  let reach = runs[0]!.end;
  for (const r of runs) {
    if (r.start > reach) idle += r.start - reach;
    reach = Math.max(reach, r.end);
  }
  return idle;
}

/**
 * An exchange job's run cut at the activation's own timestamps (median of each step): before the request-token
 * call (its checkpoint and events), the call itself, keeping the token, the access-token call, sealing the result,
 * and the job's end after that (its probe sent, the job completed).
 */
async function printExchangeSteps(database: Database, jobs: ReadonlyArray<Job>): Promise<void> {
  const exchanges = jobs.filter((j) => j.kind === "handshake.exchange" && j.startedAt && j.completedAt);
  const ids = exchanges.map((j) => (j.data as { activationId: string }).activationId);
  const acts = new Map(
    (await database.prisma.activation.findMany({ where: { id: { in: ids } } })).map((a) => [a.id, a] as const),
  );
  const steps: Array<[string, number[]]> = [
    ["job start → request-token call", []],
    ["request-token call", []],
    ["→ access-token call", []],
    ["access-token call", []],
    ["→ sealed", []],
    ["→ job end", []],
  ];
  for (const j of exchanges) {
    const a = acts.get((j.data as { activationId: string }).activationId);
    if (!a?.requestTokenCallAt || !a.requestTokenAt || !a.accessTokenCallAt || !a.accessTokenAt || !a.finishedAt)
      continue;
    const t = [
      j.startedAt!,
      a.requestTokenCallAt,
      a.requestTokenAt,
      a.accessTokenCallAt,
      a.accessTokenAt,
      a.finishedAt,
      j.completedAt!,
    ];
    t.slice(1).forEach((at, i) => steps[i]![1].push(at.getTime() - t[i]!.getTime()));
  }
  if (steps[0]![1].length === 0) return;
  console.log(
    `  an exchange's steps (median ms of ${steps[0]![1].length}): ${steps.map(([name, ms]) => `${name} ${pct(ms, 0.5).toFixed(0)}`).join(", ")}`,
  );
}
