/**
 * Where a server's CPU went during a window of a benchmark: a V8 CPU profile (`node --cpu-prof`) cut to the
 * samples taken between two instants and summed by what the sampled code is (session unsealing, database, React
 * rendering, gzip...). V8 stamps samples with the monotonic clock in µs, the clock `process.hrtime` reads, so a
 * window measured in the benchmark's process selects the server's samples of that window.
 */
import { readFileSync } from "node:fs";

interface CallFrame {
  functionName: string;
  url: string;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Now on the profile's clock (µs, monotonic). */
export const monotonicMicros = (): number => Number(process.hrtime.bigint() / 1000n);

/** The first category whose test matches a frame of the sample's stack (leaf first) names the sample. */
const CATEGORIES: Array<[string, (f: CallFrame) => boolean]> = [
  ["idle (waiting: store calls, I/O)", (f) => f.functionName === "(idle)"],
  ["garbage collection", (f) => f.functionName === "(garbage collector)"],
  ["gzip of the response", (f) => f.url.startsWith("node:zlib")],
  [
    "session cookie unseal (iron-session: PBKDF2, AES, HMAC)",
    (f) => /iron-session|iron-webcrypto|uncrypto/.test(f.url) || /^pbkdf2/.test(f.functionName),
  ],
  ["database (Prisma query compiler, libSQL)", (f) => /@prisma|libsql|wasm:|\/generated\/prisma/.test(f.url)],
  ["writing to the socket", (f) => /^(writev|writeUtf8String|writeLatin1String|writeBuffer)$/.test(f.functionName)],
  // Next bundles React's server renderers (Flight and HTML) into its app-page runtime
  [
    "Next.js app-page runtime: React rendering (RSC + HTML), app-render",
    (f) => /next-server\/app-page[^/]*\.js$/.test(f.url),
  ],
  ["Next.js server: routing, proxy, compression glue, tracing", (f) => /node_modules\/next\//.test(f.url)],
  ["app code bundle (pages, components, lib/, Prisma's generated client)", (f) => /\.next[^/]*\/server\//.test(f.url)],
  ["Node internals (http, streams, async hooks)", (f) => f.url.startsWith("node:")],
];
const OTHER = "other (native, program)";

/** ms of CPU per category in the windows (µs instants from `monotonicMicros`), and the windows' total. */
export function profileBreakdown(
  file: string,
  windows: ReadonlyArray<readonly [number, number]>,
): { total: number; byCategory: Map<string, number>; byFunction: Map<string, number> } {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const categoryOf = new Map<number, string>();
  const classify = (id: number): string => {
    const known = categoryOf.get(id);
    if (known) return known;
    let name = OTHER;
    // the innermost frame decides for idle, GC, zlib, socket writes; otherwise the nearest frame with a category
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const f = byId.get(at)!.callFrame;
      const hit = CATEGORIES.find(([, test]) => test(f));
      if (hit) {
        name = hit[0];
        break;
      }
    }
    categoryOf.set(id, name);
    return name;
  };
  const byCategory = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i]!;
    t += dt;
    if (!windows.some(([a, b]) => t >= a && t <= b)) continue;
    const ms = dt / 1000;
    total += ms;
    const c = classify(profile.samples[i]!);
    byCategory.set(c, (byCategory.get(c) ?? 0) + ms);
    const f = byId.get(profile.samples[i]!)!.callFrame;
    const fn = `${f.functionName || "(anonymous)"} ${f.url.replace(/^.*\/(node_modules|\.next[^/]*)\//, "$1/")}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  }
  return { total, byCategory, byFunction };
}
