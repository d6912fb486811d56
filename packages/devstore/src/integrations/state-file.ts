/**
 * `--state FILE`: the integration tables (integration, oauth_consumer, oauth_token, oauth_nonce) kept in a JSON
 * file across restarts, as real Magento keeps them in its database. Loaded at start; written (temp file + rename,
 * owner-only since it holds secrets) whenever a request changed them. A file that cannot be read as this version's
 * snapshot stops start-up with `StateFileError`, never silently replaced by the seed.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { IntegrationState, IntegrationTables } from "./state.ts";

export const STATE_FILE_VERSION = 1;

const id = z.number().int().positive();
const ms = z.number().int().nonnegative();
const nonEmpty = z.string().min(1);

const tablesSchema = z
  .object({
    integrations: z.array(
      z.strictObject({
        id,
        name: z.string(),
        email: z.string(),
        endpoint: z.string(),
        identityLinkUrl: z.string(),
        resources: z.union([z.literal("all"), z.array(z.string())]),
        status: z.enum(["Inactive", "Active"]),
        consumerId: id,
        createdAt: ms,
      }),
    ),
    consumers: z.array(z.strictObject({ id, key: nonEmpty, secret: nonEmpty, createdAt: ms, updatedAt: ms })),
    tokens: z.array(
      z.strictObject({
        id,
        consumerId: id,
        type: z.enum(["verifier", "request", "access"]),
        token: nonEmpty,
        secret: nonEmpty,
        verifier: nonEmpty,
        revoked: z.boolean(),
        createdAt: ms,
      }),
    ),
    nonces: z.array(z.tuple([id, z.string().min(1), ms])),
    seq: z.strictObject({ integration: ms, consumer: ms, token: ms }),
  })
  .strict()
  .superRefine((t, ctx) => {
    // Rows the running store could not have written: ids past their counter, or a row pointing at no consumer.
    const consumerIds = new Set(t.consumers.map((c) => c.id));
    const check = (ok: boolean, message: string) => ok || ctx.addIssue({ code: "custom", message });
    check(
      t.integrations.every((i) => i.id <= t.seq.integration),
      "an integration id is past seq.integration",
    );
    check(
      t.consumers.every((c) => c.id <= t.seq.consumer),
      "a consumer id is past seq.consumer",
    );
    check(
      t.tokens.every((r) => r.id <= t.seq.token),
      "a token id is past seq.token",
    );
    check(
      t.integrations.every((i) => consumerIds.has(i.consumerId)),
      "an integration points at no consumer",
    );
    check(
      t.tokens.every((r) => consumerIds.has(r.consumerId)),
      "a token points at no consumer",
    );
    check(new Set(t.consumers.map((c) => c.key)).size === t.consumers.length, "two consumers share a key");
    check(new Set(t.tokens.map((r) => r.token)).size === t.tokens.length, "two tokens share a value");
  });

/** The state file exists but cannot be used; the message names the file and how to start afresh. */
export class StateFileError extends Error {
  constructor(file: string, reason: string) {
    super(
      `Dev store state file ${file} ${reason}.\n` +
        `Fix it, or delete it to start the dev store from its seed (rm ${file}); stores the app linked before must then be removed in the app and activated again.`,
    );
    this.name = "StateFileError";
  }
}

/** The tables in `file`, undefined when there is no such file; `StateFileError` when it is not a valid snapshot. */
export function readStateFile(file: string): IntegrationTables | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new StateFileError(file, `cannot be read (${(e as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new StateFileError(file, `is not valid JSON (${(e as Error).message})`);
  }
  const version = (json as { version?: unknown } | null)?.version;
  if (version !== STATE_FILE_VERSION) {
    throw new StateFileError(
      file,
      `has version ${JSON.stringify(version)}, and this dev store reads version ${STATE_FILE_VERSION}`,
    );
  }
  const parsed = tablesSchema.safeParse((json as { tables?: unknown }).tables);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    throw new StateFileError(
      file,
      `does not hold the integration tables (tables.${first.path.join(".")}: ${first.message})`,
    );
  }
  return parsed.data;
}

/** Writes the snapshot atomically: a reader (or a crash) sees the old file or the new one, never half of one. */
export function writeStateFile(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, text, { mode: 0o600 });
  renameSync(temp, file);
}

/**
 * Loads `file` into `state` (a missing file: the seed, written at once) and returns `save()`, which writes the
 * tables when they differ from what the file holds. Call it after every request and at close.
 */
export function keepStateIn(file: string, state: IntegrationState): { save(): void } {
  const loaded = readStateFile(file);
  if (loaded) state.restore(loaded);
  let written = loaded ? serialise(state) : "";
  let failing = false;
  const save = () => {
    const text = serialise(state);
    if (text === written) return;
    try {
      writeStateFile(file, text);
      written = text;
      failing = false;
    } catch (e) {
      // A full disk must not fail the store's requests; say so once per failing streak.
      if (!failing) console.error(`Dev store: cannot write the state file ${file}: ${(e as Error).message}`);
      failing = true;
    }
  };
  if (!loaded) {
    written = serialise(state);
    try {
      writeStateFile(file, written); // a file that cannot be created stops start-up, not the first activation
    } catch (e) {
      throw new StateFileError(file, `cannot be written (${(e as Error).message})`);
    }
  }
  return { save };
}

function serialise(state: IntegrationState): string {
  return JSON.stringify({ version: STATE_FILE_VERSION, tables: state.tables() });
}
