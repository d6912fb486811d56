/**
 * `npm run bench`: runs every bench/*.bench.ts in turn (each a plain script that starts what it needs on
 * 127.0.0.1, runs a bounded loop and prints its figures), then writes bench/results.md with the output.
 * Benchmarks never assert: they measure. Run one alone with `npx tsx bench/<name>.bench.ts`.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";

const dir = join(process.cwd(), "bench");
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const sections: string[] = [];
for (const file of files) {
  console.log(`\n## ${file}`);
  let output: string;
  try {
    output = execFileSync("npx", ["tsx", join("bench", file)], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, NODE_ENV: "production" },
      timeout: 8 * 60_000,
    });
  } catch (error) {
    output = `failed: ${(error as Error).message}`;
  }
  console.log(output.trimEnd());
  sections.push(`## ${file}\n\n\`\`\`\n${output.trimEnd()}\n\`\`\`\n`);
}

const header =
  `# Benchmark results\n\nMachine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ` +
  `${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}. Written by \`npm run bench\` on ` +
  `${new Date().toISOString()}.\n\n`;
writeFileSync(join(dir, "results.md"), header + sections.join("\n"));
console.log("\nwrote bench/results.md");
