/**
 * What loading packages/client/src/magento costs before the first call: a fresh Node process imports a set of modules, runs two
 * full GCs and reports its peak RSS (ru_maxrss) and the JS heap in use, with plain Node and with `--import tsx`
 * (how a forker runs a TypeScript script, and how both clients of the client benchmark are loaded). Comparing the
 * rows splits a client process's peak RSS into the loader's share, the dependencies' and the kit's own modules'.
 * Median of REPS fresh processes per row. Prints figures, asserts nothing.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";

const REPS = 3;

/** Imports argv's specifiers in order, then prints `maxRssMB heapMB` (the heap after two full GCs). */
const PROBE = `
for (const spec of process.argv.slice(1)) await import(spec);
globalThis.gc(); globalThis.gc();
console.log((process.resourceUsage().maxRSS / 1024).toFixed(1), (process.memoryUsage().heapUsed / 1048576).toFixed(1));
`;

interface Row {
  label: string;
  tsx: boolean;
  specs: string[];
}

const kit = (path: string) => join(process.cwd(), path);
const ROWS: Row[] = [
  { label: "node alone", tsx: false, specs: [] },
  { label: "undici", tsx: false, specs: ["undici"] },
  { label: "zod", tsx: false, specs: ["zod"] },
  { label: "oauth-1.0a", tsx: false, specs: ["oauth-1.0a"] },
  { label: "tsx loader alone", tsx: true, specs: [] },
  { label: "undici", tsx: true, specs: ["undici"] },
  { label: "zod", tsx: true, specs: ["zod"] },
  { label: "undici + zod + oauth-1.0a", tsx: true, specs: ["undici", "zod", "oauth-1.0a"] },
  { label: "packages/client/src/oauth", tsx: true, specs: [kit("packages/client/src/oauth/index.ts")] },
  { label: "packages/client/src/magento", tsx: true, specs: [kit("packages/client/src/magento/index.ts")] },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function probe(row: Row): { rss: number; heap: number } {
  const flags = [
    ...(row.tsx ? ["--import", "tsx"] : []),
    "--expose-gc",
    "--input-type=module",
    "-e",
    PROBE,
    "--",
    ...row.specs,
  ];
  const samples = Array.from({ length: REPS }, () => {
    const [rss, heap] = execFileSync(process.execPath, flags, {
      encoding: "utf8",
      env: { ...process.env, NODE_NO_WARNINGS: "1" },
    })
      .trim()
      .split(" ")
      .map(Number);
    return { rss: rss!, heap: heap! };
  });
  return { rss: median(samples.map((s) => s.rss)), heap: median(samples.map((s) => s.heap)) };
}

export function printImportFootprint(): void {
  console.log(`\nImport footprint (a fresh process imports, then two full GCs; median of ${REPS} processes):`);
  console.log("  loaded with     imports                       peak RSS MB  JS heap MB");
  for (const row of ROWS) {
    const { rss, heap } = probe(row);
    console.log(
      `  ${(row.tsx ? "--import tsx" : "node").padEnd(15)} ${row.label.padEnd(29)} ${rss.toFixed(1).padStart(11)} ${heap.toFixed(1).padStart(11)}`,
    );
  }
  console.log(
    "  (zod loads its ~60 locale files on any entry, zod/mini included; the app loads zod at start for its env check)",
  );
}
