/**
 * Bulk export of a linked store's products, orders or customers (every grid declared with `export`) as NDJSON on stdout:
 *
 *   npm run --silent export -- --store <installationId> products|orders|customers|… \
 *     [--fields sku,name,price] [--filter field:cond:value …] [--page-size 200] > file.ndjson
 *
 * The export runs as a job (lib/jobs/kinds/export.ts), like one started from the dashboard: this command starts
 * it, runs a worker for exports in this process (unless WORKER=off: then a running `npm run worker` or app takes
 * it), and streams the stored pages to stdout as they arrive, with a progress bar on stderr. Logs go to stderr
 * too, and `--silent` keeps npm's own banner out: stdout is clean NDJSON.
 * `--filter` terms are ANDed; `a:like:%x%|b:like:%x%` inside one term is an OR group. A value may hold colons.
 *
 * `exportRows` streams straight from a client with no job and no database, through packages/client/src/magento's paging iterator
 * with up to `prefetch` pages read ahead (bench/export.bench.ts measures it at 100,000 rows).
 */
import { argsOrExit, UsageError } from "./lib/cli-args";
export { UsageError };
import { isProgram } from "./lib/is-program.mjs";
import type { Writable } from "node:stream";
import { z } from "zod";
import {
  CONDITION_TYPES,
  MagentoApiError,
  paginatePages,
  validateFields,
  type MagentoClient,
  type SearchCriteria,
  type SearchFilter,
  type SearchFilterGroup,
} from "@magento-integration/client";
import {
  ENTITIES,
  ENTITY_NAMES,
  entityChoices,
  exportEntity,
  ExportUsageError,
  parseFilterTerm as parseTerm,
  type Entity,
} from "@/lib/exports/options";

export { ENTITIES, exportEntity, type Entity };

export interface ExportOptions {
  entity: Entity;
  /** Item fields, e.g. "sku,name" (sent as items[...]). */
  fields: string;
  filterGroups: SearchFilterGroup[];
  pageSize: number;
  /** Pages read ahead of the writer (1–4). */
  prefetch: number;
}

export const USAGE = `Usage: npm run --silent export -- --store <installationId> ${ENTITY_NAMES.join("|")} [options] > file.ndjson
   (--silent keeps npm's "> magento-integration-kit export" banner out of the file; or: npx tsx scripts/export.ts …)

Options:
  --fields <list>        item fields, e.g. sku,name,price or sku,extension_attributes[stock_item[qty]]
  --filter <f:cond:v>    a filter (repeatable, ANDed); cond is one of ${CONDITION_TYPES.join(", ")};
                         join terms with | for OR, e.g. --filter 'name:like:%bag%|sku:like:%bag%'
  --page-size <n>        rows per request, 1-300 (default 200)
  --prefetch <n>         exportRows only (scripts streaming without a job): pages read ahead, 1-4 (default 2)
  --help                 this text`;

/** One `field:cond:value` term; `field:value` means eq; null/notnull take no value. */
export function parseFilterTerm(term: string): SearchFilter {
  try {
    return parseTerm(term);
  } catch (e) {
    if (e instanceof ExportUsageError) throw new UsageError(`--${e.message}`);
    throw e;
  }
}

const intArg = (name: string, min: number, max: number) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);

/** argv (after the script name) → store id + options. Throws UsageError with a message saying what is wrong. */
export function parseArgs(
  argv: readonly string[],
): { store: string; options: ExportOptions; filters: string[] } | { help: true } {
  let store: string | undefined;
  let entity: string | undefined;
  let fieldsArg: string | undefined;
  const filters: string[] = [];
  let pageSize = "200";
  let prefetch = "2";
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith("--")) throw new UsageError(`${a} needs a value`);
      return v;
    };
    if (a === "--help" || a === "-h") return { help: true };
    else if (a === "--store") store = value();
    else if (a === "--fields") fieldsArg = value();
    else if (a === "--filter") filters.push(value());
    else if (a === "--page-size") pageSize = value();
    else if (a === "--prefetch") prefetch = value();
    else if (a.startsWith("--")) throw new UsageError(`unknown option ${a}`);
    else if (entity === undefined) entity = a;
    else throw new UsageError(`unexpected argument "${a}"`);
  }
  if (!store) throw new UsageError("--store <installationId> is required (the id in the dashboard URL /stores/<id>)");
  if (!entity) throw new UsageError(`say what to export: ${entityChoices()}`);
  const known = z.enum(ENTITY_NAMES).safeParse(entity);
  if (!known.success) throw new UsageError(`cannot export "${entity}": choose ${entityChoices()}`);
  const e: Entity = known.data;
  const fields = fieldsArg ?? exportEntity(e).fields;
  try {
    validateFields(fields);
  } catch (err) {
    throw new UsageError(`--fields: ${(err as Error).message}`);
  }
  const ps = intArg("--page-size", 1, 300).safeParse(pageSize);
  if (!ps.success) throw new UsageError(ps.error.issues[0]!.message);
  const pf = intArg("--prefetch", 1, 4).safeParse(prefetch);
  if (!pf.success) throw new UsageError(pf.error.issues[0]!.message);
  const filterGroups = filters.map((f) => ({ filters: f.split("|").map(parseFilterTerm) }));
  return { store, options: { entity: e, fields, filterGroups, pageSize: ps.data, prefetch: pf.data }, filters };
}

function write(out: Writable, chunk: string): Promise<void> | void {
  if (out.write(chunk)) return;
  return new Promise((resolve, reject) => {
    const onDrain = () => {
      out.off("error", onError);
      resolve();
    };
    const onError = (e: Error) => {
      out.off("drain", onDrain);
      reject(e);
    };
    out.once("drain", onDrain);
    out.once("error", onError);
  });
}

export interface Progress {
  start(total: number): void;
  update(rows: number): void;
  done(rows: number): void;
}

/** A progress bar on a stream: redrawn in place on a terminal, a line every 10% otherwise. */
export function progressBar(
  stream: NodeJS.WriteStream | Writable,
  now: () => number = () => performance.now(),
): Progress {
  const tty = "isTTY" in stream && Boolean(stream.isTTY);
  let total = 0;
  let started = 0;
  let lastDraw = 0;
  let lastDecile = -1;
  const line = (rows: number) => {
    const pct = total ? Math.min(1, rows / total) : 1;
    const width = 30;
    const filled = Math.round(pct * width);
    const secs = (now() - started) / 1000;
    const rate = secs > 0 ? Math.round(rows / secs) : 0;
    return `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${rows}/${total} rows ${Math.round(pct * 100)}% ${rate} rows/s`;
  };
  return {
    start(t) {
      total = t;
      started = now();
    },
    update(rows) {
      if (tty) {
        if (now() - lastDraw < 100) return;
        lastDraw = now();
        stream.write(`\r${line(rows)}`);
      } else {
        const decile = total ? Math.floor((rows / total) * 10) : 10;
        if (decile > lastDecile) {
          lastDecile = decile;
          stream.write(`${line(rows)}\n`);
        }
      }
    },
    done(rows) {
      stream.write(`${tty ? "\r" : ""}${line(rows)} done in ${((now() - started) / 1000).toFixed(1)} s\n`);
    },
  };
}

/** Number of matching rows (one small request: pageSize 1, fields total_count). */
export async function countRows(client: MagentoClient, options: ExportOptions): Promise<number> {
  const criteria: SearchCriteria = { filterGroups: options.filterGroups, sortOrders: [], pageSize: 1, currentPage: 1 };
  const res = await client.request<{ total_count?: number }>({
    method: "GET",
    path: exportEntity(options.entity).path,
    searchCriteria: criteria,
    fields: "total_count",
  });
  return z.object({ total_count: z.coerce.number().int().nonnegative() }).parse(res.data).total_count;
}

/**
 * Streams every matching row as one JSON line to `out`, a page at a time: the paging iterator keeps up to
 * `prefetch` pages requested ahead while the current one is written (one write per page, waiting for the stream
 * to drain), so memory holds at most prefetch + 1 pages whatever the size of the export. Returns the rows written.
 */
export async function exportRows(
  client: MagentoClient,
  options: ExportOptions,
  out: Writable,
  progress?: Progress,
): Promise<number> {
  const total = await countRows(client, options);
  progress?.start(total);
  const pages = paginatePages<unknown>((req) => client.request(req), exportEntity(options.entity).path, {
    searchCriteria: { filterGroups: options.filterGroups, sortOrders: [] },
    fields: `items[${options.fields}]`,
    pageSize: options.pageSize,
    prefetch: options.prefetch,
  });
  let n = 0;
  for await (const rows of pages) {
    let chunk = "";
    for (const row of rows) chunk += `${JSON.stringify(row)}\n`;
    n += rows.length;
    if (chunk) await write(out, chunk);
    progress?.update(n);
  }
  progress?.done(n);
  return n;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Writes the export's stored pages to `out` as they arrive, until it is done (0) or failed (1). */
export async function followExport(
  kit: import("@/lib/kit").Kit,
  exportId: string,
  installationId: string,
  out: Writable,
  progress: Progress,
  pollMs = 200,
): Promise<{ code: number; rows: number; error?: string }> {
  let next = 1;
  let rows = 0;
  let started = false;
  for (;;) {
    const state = await kit.exports.get(exportId, installationId, null);
    if (!state) return { code: 1, rows, error: "the export disappeared" };
    if (!started && state.total !== null) {
      progress.start(state.total);
      started = true;
    }
    for await (const page of kit.exports.pages(exportId, next)) {
      if (page.body) await write(out, page.body);
      rows += page.rows;
      next = page.page + 1;
      progress.update(rows);
    }
    if (state.state === "done") {
      progress.done(rows);
      return { code: 0, rows };
    }
    if (state.state === "failed") return { code: 1, rows, error: state.error ?? "the export failed" };
    await sleep(pollMs);
  }
}

async function main(argv: readonly string[]): Promise<number> {
  const parsed = argsOrExit("export", USAGE, () => parseArgs(argv));
  if (typeof parsed === "number") return parsed;
  // loaded here so --help and argument errors need no database
  const { getEnv } = await import("@/lib/env");
  const { createLogger } = await import("@/lib/log");
  const { kitFromEnv, workerSettings } = await import("@/lib/kit-from-env");
  const { EXPORT_JOB } = await import("@/lib/jobs/kinds");
  const pino = (await import("pino")).default;
  const env = getEnv();
  // stdout carries the NDJSON only: logs go to stderr
  const kit = kitFromEnv(env, {
    log: createLogger({ level: env.logLevel === "info" ? "warn" : env.logLevel, destination: pino.destination(2) }),
  });
  try {
    const started = await kit.exports.start(parsed.store, null, {
      entity: parsed.options.entity,
      fields: parsed.options.fields,
      filters: parsed.filters,
      pageSize: parsed.options.pageSize,
    });
    if (!started.ok) {
      const missing = started.error.startsWith("No such store");
      process.stderr.write(
        missing
          ? `export: no store with id "${parsed.store}" in ${env.databaseUrl.split("?")[0]}. Copy the id from the dashboard URL /stores/<id>.\n`
          : `export: ${started.error}\n`,
      );
      return 2;
    }
    await kit.jobs.queue.start();
    if (env.worker.inProcess) kit.jobs.startWorker({ ...workerSettings(env), kinds: [EXPORT_JOB] });
    else
      process.stderr.write(
        "export: WORKER=off, waiting for a running worker (npm run worker, or the app) to run the export…\n",
      );
    const r = await followExport(kit, started.exportId, parsed.store, process.stdout, progressBar(process.stderr));
    if (r.error) process.stderr.write(`\nexport: ${r.error}\n`);
    return r.code;
  } catch (e) {
    if (e instanceof MagentoApiError) {
      process.stderr.write(
        `\nexport: the store answered ${e.status || "nothing"}: ${e.renderedMessage}\n${e.hint ? `${e.hint}\n` : ""}`,
      );
      return 1;
    }
    process.stderr.write(`\nexport: ${(e as Error).message}\n`);
    return 1;
  } finally {
    await kit.close(2_000);
  }
}

if (isProgram(import.meta.url, "export.ts")) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`export: ${(e as Error).stack ?? String(e)}\n`);
      process.exitCode = 1;
    },
  );
}
