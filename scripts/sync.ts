/**
 * Delta sync of a linked store, once, in this process (the worker does it on a schedule; docs/sync.md). It holds
 * each entity's runner lock as the worker's jobs do, so it waits for a pass the worker is running and never
 * interleaves with one:
 *
 *   npm run --silent sync -- --store <installationId> [--entity products|customers|orders|stock] --once [--sweep]
 *
 * Runs each entity's delta pass to the end (the first one is the backfill), and with --sweep a reconciliation
 * sweep after it; stock, which has no version to poll, is always swept. Changes go to the sync handlers
 * (lib/sync/handlers.ts). Prints one summary line per entity on stdout; exit 0, or 1 naming the failure (2 for bad
 * arguments). Logs go to stderr.
 */
import { isProgram } from "./lib/is-program.mjs";
import { z } from "zod";

export const SYNC_USAGE = `Usage: npm run --silent sync -- --store <installationId> [--entity NAME] --once [--sweep]
  --store <id>     the store (the id in the dashboard URL /stores/<id>)
  --entity <name>  one entity (default: all): products, customers, orders, stock, or another declared one
  --once           run the passes to the end and exit (the worker syncs continuously)
  --sweep          also run a reconciliation sweep (finds changes updated_at misses, and deletions)`;

export class SyncUsageError extends Error {
  override readonly name = "SyncUsageError";
}

const argsSchema = z.object({
  store: z
    .string({ message: "--store <installationId> is required (the id in the dashboard URL /stores/<id>)" })
    .min(1),
  entity: z
    .string()
    .regex(/^[a-z][a-z0-9_-]*$/, "--entity takes an entity name such as orders")
    .optional(),
  once: z.literal(true, {
    message: "add --once: this command runs the passes once and exits (the worker syncs continuously)",
  }),
  sweep: z.boolean(),
});
export type SyncArgs = z.output<typeof argsSchema>;

export function parseSyncArgs(argv: readonly string[]): SyncArgs | { help: true } {
  const raw: Record<string, unknown> = { sweep: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith("--")) throw new SyncUsageError(`${a} needs a value`);
      return v;
    };
    if (a === "--help" || a === "-h") return { help: true };
    else if (a === "--store") raw.store = value();
    else if (a === "--entity") raw.entity = value();
    else if (a === "--once") raw.once = true;
    else if (a === "--sweep") raw.sweep = true;
    else throw new SyncUsageError(a.startsWith("--") ? `unknown option ${a}` : `unexpected argument "${a}"`);
  }
  const r = argsSchema.safeParse(raw);
  if (!r.success) throw new SyncUsageError(r.error.issues[0]!.message);
  return r.data;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

async function main(argv: readonly string[]): Promise<number> {
  let args: ReturnType<typeof parseSyncArgs>;
  try {
    args = parseSyncArgs(argv);
  } catch (e) {
    if (e instanceof SyncUsageError) {
      process.stderr.write(`sync: ${e.message}\n\n${SYNC_USAGE}\n`);
      return 2;
    }
    throw e;
  }
  if ("help" in args) {
    process.stdout.write(`${SYNC_USAGE}\n`);
    return 0;
  }
  const { getEnv } = await import("@/lib/env");
  const { createLogger } = await import("@/lib/log");
  const { kitFromEnv } = await import("@/lib/kit-from-env");
  const { syncEntity } = await import("@magento-integration/sync");
  const { isPolled } = await import("@magento-integration/sync");
  const pino = (await import("pino")).default;
  const env = getEnv();
  const kit = kitFromEnv(env, {
    log: createLogger({ level: env.logLevel === "info" ? "warn" : env.logLevel, destination: pino.destination(2) }),
  });
  let code = 0;
  try {
    let entities;
    try {
      entities = args.entity ? [syncEntity(args.entity, kit.sync.entities)] : kit.sync.entities;
    } catch (e) {
      process.stderr.write(`sync: ${(e as Error).message}\n`);
      return 2;
    }
    if (!(await kit.storage.installations.byId(args.store))) {
      process.stderr.write(
        `sync: no store with id "${args.store}" in ${env.databaseUrl.split("?")[0]}. Copy the id from the dashboard URL /stores/<id>.\n`,
      );
      return 2;
    }
    for (const e of entities) {
      // a worker's pass or sweep of the same entity finishes first (packages/sync/src/sync/runner-lock.ts)
      const onWait = (why: string) => process.stderr.write(`sync: ${e.name}: waiting: ${why}\n`);
      try {
        const parts: string[] = [];
        if (isPolled(e)) {
          const p = await kit.sync.runPass(args.store, e.name, undefined, onWait);
          if (p.state === "paused") {
            process.stdout.write(`${e.name}: paused (Resume it on the Sync page)\n`);
            continue;
          }
          parts.push(
            `pass ${plural(p.requests, "request")}, ${plural(p.rows, "row")} read, ${plural(p.changes, "change")}, ${p.delivered} delivered, ${p.parked} parked`,
          );
        }
        if (args.sweep || !isPolled(e)) {
          const s = await kit.sync.runSweep(args.store, e.name, undefined, onWait);
          if (s.state === "paused") {
            process.stdout.write(`${e.name}: paused (Resume it on the Sync page)\n`);
            continue;
          }
          parts.push(
            `sweep ${plural(s.requests, "request")}, ${plural(s.rows, "row")} read, ${plural(s.changes, "change")} (${s.deleted} deleted), ${s.delivered} delivered, ${s.parked} parked`,
          );
        }
        const mirrored = await kit.storage.sync.count(args.store, e.name);
        process.stdout.write(`${e.name}: ${parts.join("; ")}; mirror ${plural(mirrored, "record")}\n`);
      } catch (err) {
        code = 1;
        const hint = (err as { hint?: string }).hint;
        process.stderr.write(`sync: ${e.name}: ${(err as Error).message}${hint ? `\n  ${hint}` : ""}\n`);
      }
    }
    return code;
  } finally {
    await kit.close(2_000);
  }
}

if (isProgram(import.meta.url, "sync.ts")) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`sync: ${(e as Error).stack ?? String(e)}\n`);
      process.exitCode = 1;
    },
  );
}
