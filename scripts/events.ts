/**
 * A store's event intake from the command line (docs/store-events.md):
 *
 *   npm run --silent events -- --store <installationId> --show
 *   npm run --silent events -- --store <installationId> --commerce-key public.pem
 *   npm run --silent events -- --store <installationId> --io-client-id <client id>
 *
 * Options combine: the settings are written first, then `--show` prints one JSON object on stdout
 * (commerceWebhookUrl, ioEventsUrl, the key fingerprint in use, the I/O client id). Without --show, a setting
 * prints what it set as one JSON object too. Errors go to stderr with exit code 2.
 */
import { argsOrExit, UsageError } from "./lib/cli-args";
export { UsageError };
import { readFileSync } from "node:fs";
import { z } from "zod";
import { isProgram } from "./lib/is-program.mjs";

export const USAGE = `Usage: npm run --silent events -- --store <installationId> [--show] [--commerce-key <pem file>] [--io-client-id <id>]

  --store <id>            the store's installation id (the dashboard URL /stores/<id>)
  --show                  print the intake URLs and settings as one JSON object
  --commerce-key <file>   the public key from the store's Stores › Configuration › Adobe Services › Webhooks
                          ("Regenerate key pair"), as a PEM file
  --io-client-id <id>     the client id of the Adobe I/O Events registration delivering to this store's URL
  --help                  this text`;

const argsSchema = z
  .object({
    store: z.string({ message: "--store <installationId> is required" }).min(1, "--store needs an installation id"),
    show: z.boolean(),
    commerceKey: z.string().min(1, "--commerce-key needs a file").optional(),
    ioClientId: z.string().min(1, "--io-client-id needs a value").optional(),
  })
  .refine(
    (a) => a.show || a.commerceKey !== undefined || a.ioClientId !== undefined,
    "nothing to do: give --show, --commerce-key or --io-client-id",
  );

export type EventsArgs = z.infer<typeof argsSchema>;

export function parseArgs(argv: readonly string[]): EventsArgs | { help: true } {
  const raw: Record<string, unknown> = { show: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith("--")) throw new UsageError(`${a} needs a value`);
      return v;
    };
    if (a === "--help" || a === "-h") return { help: true };
    else if (a === "--show") raw.show = true;
    else if (a === "--store") raw.store = value();
    else if (a === "--commerce-key") raw.commerceKey = value();
    else if (a === "--io-client-id") raw.ioClientId = value();
    else throw new UsageError(`unknown argument ${a}`);
  }
  const r = argsSchema.safeParse(raw);
  if (!r.success) throw new UsageError(r.error.issues[0]!.message);
  return r.data;
}

async function main(argv: readonly string[]): Promise<number> {
  const args = argsOrExit("events", USAGE, () => parseArgs(argv));
  if (typeof args === "number") return args;
  let pem: string | undefined;
  if (args.commerceKey !== undefined) {
    try {
      pem = readFileSync(args.commerceKey, "utf8");
    } catch (e) {
      process.stderr.write(`events: cannot read ${args.commerceKey}: ${(e as Error).message}\n`);
      return 2;
    }
  }
  const { getEnv } = await import("@/lib/env");
  const { createLogger } = await import("@/lib/log");
  const { kitFromEnv } = await import("@/lib/kit-from-env");
  const pino = (await import("pino")).default;
  const env = getEnv();
  const kit = kitFromEnv(env, {
    log: createLogger({ level: env.logLevel === "info" ? "warn" : env.logLevel, destination: pino.destination(2) }),
  });
  try {
    const before = await kit.events.show(args.store);
    if (!before) {
      process.stderr.write(
        `events: no store with id "${args.store}" in ${env.databaseUrl.split("?")[0]}. Copy the id from the dashboard URL /stores/<id>.\n`,
      );
      return 2;
    }
    if (pem !== undefined) {
      const r = await kit.events.setCommerceKey(args.store, pem);
      if (!r.ok) {
        process.stderr.write(`events: ${args.commerceKey}: ${r.error}\n`);
        return 2;
      }
    }
    if (args.ioClientId !== undefined) {
      const r = await kit.events.setIoClientId(args.store, args.ioClientId);
      if (!r.ok) {
        process.stderr.write(`events: --io-client-id: ${r.error}\n`);
        return 2;
      }
    }
    process.stdout.write(`${JSON.stringify(await kit.events.show(args.store))}\n`);
    return 0;
  } finally {
    await kit.close(1_000);
  }
}

if (isProgram(import.meta.url, "events.ts")) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`events: ${(e as Error).stack ?? String(e)}\n`);
      process.exitCode = 1;
    },
  );
}
