/**
 * Bulk edit of a linked store's products from a file, through Magento's async bulk API, tracked per row:
 *
 *   npm run --silent bulk -- --store <installationId> <file.csv|file.ndjson> [--chunk-size 5000]
 *
 * The file is a CSV with a header row (`sku` plus any of price, special_price, qty, status, visibility; comma,
 * semicolon or tab separated, a UTF-8 BOM is fine) or NDJSON (one object per line with the same names). Every row
 * is validated first; the valid ones are submitted as a tracked job (lib/jobs/kinds/bulk.ts), which this command
 * runs in-process (unless WORKER=off: then a running `npm run worker` or app runs it) and waits for. stdout gets
 * one NDJSON line per input row, in row order: {"row", "sku", "status", "message"} with status complete, failed,
 * rejected or invalid. Exit 0 when every row completed, 1 when any did not, 2 when the file cannot be used
 * (nothing is submitted). Logs and progress go to stderr.
 */
import { argsOrExit, UsageError } from "./lib/cli-args";
export { UsageError };
import { readFileSync, statSync } from "node:fs";
import { z } from "zod";
import { isProgram } from "./lib/is-program.mjs";
import { MAX_FILE_BYTES } from "@magento-integration/sync/bulk";

export const USAGE = `Usage: npm run --silent bulk -- --store <installationId> <file.csv|file.ndjson> [--chunk-size N]

The file: a header row naming sku plus any of price, special_price, qty, status, visibility (CSV), or one JSON
object per line with the same names (NDJSON). Prints one JSON line per row: row, sku, status, message.
Exit 0: every row complete; 1: some row not; 2: the file cannot be used (nothing was submitted).`;

const chunkSchema = z.coerce
  .number({ message: "--chunk-size must be a number" })
  .int("--chunk-size must be a whole number")
  .min(1, "--chunk-size must be at least 1")
  .max(5000, "--chunk-size must be at most 5000");

export function parseArgs(
  argv: readonly string[],
): { store: string; file: string; chunkSize: number } | { help: true } {
  let store: string | undefined;
  let file: string | undefined;
  let chunk = "5000";
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith("--")) throw new UsageError(`${a} needs a value`);
      return v;
    };
    if (a === "--help" || a === "-h") return { help: true };
    else if (a === "--store") store = value();
    else if (a === "--chunk-size") chunk = value();
    else if (a.startsWith("--")) throw new UsageError(`unknown option ${a}`);
    else if (file === undefined) file = a;
    else throw new UsageError(`unexpected argument "${a}" (one file at a time)`);
  }
  if (!store) throw new UsageError("--store <installationId> is required (the id in the dashboard URL /stores/<id>)");
  if (!file) throw new UsageError("give the file to submit (CSV with a header row, or NDJSON)");
  const c = chunkSchema.safeParse(chunk);
  if (!c.success) throw new UsageError(c.error.issues[0]!.message);
  return { store, file, chunkSize: c.data };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function line(o: { row: number; sku: string; status: string; message: string | null }): string {
  return `${JSON.stringify({ row: o.row, sku: o.sku, status: o.status, message: o.message ?? "" })}\n`;
}

async function main(argv: readonly string[]): Promise<number> {
  const args = argsOrExit("bulk", USAGE, () => parseArgs(argv));
  if (typeof args === "number") return args;
  let content: Buffer;
  try {
    const size = statSync(args.file).size;
    if (size > MAX_FILE_BYTES) {
      process.stderr.write(
        `bulk: ${args.file} is ${(size / 1024 / 1024).toFixed(1)} MB; the limit is ${MAX_FILE_BYTES / 1024 / 1024} MB: split it into several files. Nothing was submitted.\n`,
      );
      return 2;
    }
    content = readFileSync(args.file);
  } catch (e) {
    process.stderr.write(`bulk: cannot read ${args.file}: ${(e as Error).message}\n`);
    return 2;
  }

  const { getEnv } = await import("@/lib/env");
  const { createLogger } = await import("@/lib/log");
  const { kitFromEnv, workerSettings } = await import("@/lib/kit-from-env");
  const { BULK_JOB } = await import("@/lib/jobs/kinds");
  const { rowOutcome } = await import("@/lib/verbs/bulk");
  const pino = (await import("pino")).default;
  const env = getEnv();
  // Crash tests only: the process dies right after the store accepted a chunk, before it is recorded.
  const crash =
    process.env.KIT_BULK_FAULT === "kill-after-submit"
      ? { afterSubmit: () => process.kill(process.pid, "SIGKILL") }
      : undefined;
  const kit = kitFromEnv(env, {
    log: createLogger({ level: env.logLevel === "info" ? "warn" : env.logLevel, destination: pino.destination(2) }),
    ...(crash ? { bulkFaults: crash } : {}),
  });
  try {
    const read = kit.bulk.read(content);
    if (!read.ok) {
      process.stderr.write(`bulk: ${args.file}: ${read.error}. Nothing was submitted.\n`);
      return 2;
    }
    const invalid = read.rows.filter((r) => !r.element);
    if (invalid.length === read.rows.length) {
      for (const r of read.rows)
        process.stdout.write(line({ row: r.row, sku: r.sku, status: "invalid", message: r.error ?? "" }));
      process.stderr.write(`bulk: no row of ${args.file} is valid; nothing was submitted.\n`);
      return 2;
    }
    const started = await kit.bulk.start(args.store, null, read.rows, { chunkSize: args.chunkSize });
    if (!started.ok) {
      const missing = started.error.startsWith("No such store");
      process.stderr.write(
        missing
          ? `bulk: no store with id "${args.store}" in this database. Copy the id from the dashboard URL /stores/<id>.\n`
          : `bulk: ${started.error}\n`,
      );
      return 2;
    }
    await kit.jobs.queue.start();
    if (env.worker.inProcess) kit.jobs.startWorker({ ...workerSettings(env), kinds: [BULK_JOB], recurring: false });
    else
      process.stderr.write(
        "bulk: WORKER=off, waiting for a running worker (npm run worker, or the app) to run the submission…\n",
      );
    let lastPercent = -1;
    let warned = false;
    for (;;) {
      const view = await kit.bulk.get(started.submissionId, args.store, null);
      if (!view) throw new Error("the submission disappeared");
      if (view.percent !== lastPercent) {
        lastPercent = view.percent;
        process.stderr.write(`bulk: ${view.finished}/${view.total} rows (${view.percent}%)\n`);
      }
      if (view.stalled && !warned) {
        warned = true;
        process.stderr.write(`bulk: stalled. ${view.message ?? ""}\n`);
      }
      if (view.state === "done" || view.state === "failed") {
        if (view.state === "failed") process.stderr.write(`bulk: the submission failed: ${view.message ?? ""}\n`);
        break;
      }
      await sleep(200);
    }
    let allComplete = true;
    for await (const r of kit.bulk.rows(started.submissionId)) {
      const status = rowOutcome(r);
      if (status !== "complete") allComplete = false;
      process.stdout.write(
        line({
          row: r.row,
          sku: r.ref,
          status: status === "open" ? "failed" : status,
          message: status === "open" ? "The submission ended before the store finished this row." : r.message,
        }),
      );
    }
    return allComplete ? 0 : 1;
  } finally {
    await kit.close(2_000);
  }
}

if (isProgram(import.meta.url, "bulk.ts")) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`bulk: ${(e as Error).message}\n`);
      process.exitCode = 1;
    },
  );
}
