/**
 * The mirror of one synced entity of a store as NDJSON on stdout, sorted by identity, one record a line with the
 * entity's fields as the store names them; deleted records are absent:
 *
 *   npm run --silent sync:dump -- --store <installationId> products|customers|orders|stock > mirror.ndjson
 */
import { isProgram } from "./lib/is-program.mjs";
import type { Writable } from "node:stream";
import { z } from "zod";

export const DUMP_USAGE =
  "Usage: npm run --silent sync:dump -- --store <installationId> <entity>   (entity: products, customers, orders, stock, …)";

const argsSchema = z.object({
  store: z
    .string({ message: "--store <installationId> is required (the id in the dashboard URL /stores/<id>)" })
    .min(1),
  entity: z
    .string({ message: "say which entity to dump: products, customers, orders or stock" })
    .regex(/^[a-z][a-z0-9_-]*$/, "the entity is a name such as orders"),
});

export function parseDumpArgs(argv: readonly string[]): z.output<typeof argsSchema> {
  const raw: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--store") {
      const v = argv[++i];
      if (v === undefined || v.startsWith("--")) throw new Error("--store needs a value");
      raw.store = v;
    } else if (a.startsWith("--")) throw new Error(`unknown option ${a}`);
    else if (raw.entity === undefined) raw.entity = a;
    else throw new Error(`unexpected argument "${a}"`);
  }
  const r = argsSchema.safeParse(raw);
  if (!r.success) throw new Error(r.error.issues[0]!.message);
  return r.data;
}

function write(out: Writable, chunk: string): Promise<void> | void {
  if (out.write(chunk)) return;
  return new Promise((resolve) => out.once("drain", resolve));
}

async function main(argv: readonly string[]): Promise<number> {
  let args: z.output<typeof argsSchema>;
  try {
    args = parseDumpArgs(argv);
  } catch (e) {
    process.stderr.write(`sync:dump: ${(e as Error).message}\n${DUMP_USAGE}\n`);
    return 2;
  }
  const { getEnv } = await import("@/lib/env");
  const { createLogger } = await import("@/lib/log");
  const { kitFromEnv } = await import("@/lib/kit-from-env");
  const { syncEntity } = await import("@magento-integration/sync");
  const pino = (await import("pino")).default;
  const env = getEnv();
  const kit = kitFromEnv(env, { log: createLogger({ level: "warn", destination: pino.destination(2) }) });
  try {
    try {
      syncEntity(args.entity, kit.sync.entities);
    } catch (e) {
      process.stderr.write(`sync:dump: ${(e as Error).message}\n`);
      return 2;
    }
    if (!(await kit.storage.installations.byId(args.store))) {
      process.stderr.write(
        `sync:dump: no store with id "${args.store}" in ${env.databaseUrl.split("?")[0]}. Copy the id from the dashboard URL /stores/<id>.\n`,
      );
      return 2;
    }
    let chunk = "";
    for await (const r of kit.sync.records(args.store, args.entity)) {
      chunk += `${JSON.stringify(r.data)}\n`;
      if (chunk.length > 64 * 1024) {
        await write(process.stdout, chunk);
        chunk = "";
      }
    }
    if (chunk) await write(process.stdout, chunk);
    return 0;
  } finally {
    await kit.close(2_000);
  }
}

if (isProgram(import.meta.url, "sync-dump.ts")) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`sync:dump: ${(e as Error).stack ?? String(e)}\n`);
      process.exitCode = 1;
    },
  );
}
