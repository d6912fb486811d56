/**
 * What a job kind is to the worker: a name, a zod schema its data must fit, a handler, and what to do when the last
 * attempt failed. Kinds are defined in lib/jobs/kinds/* and registered by the app (packages/storage/src/jobs/registry.ts).
 */
import type { Logger } from "pino";
import type { z } from "zod";
import type { LeasedJob } from "./queue.ts";

export interface JobContext {
  job: LeasedJob;
  /** 0 on the first attempt. */
  attempt: number;
  now: () => Date;
  log: Logger;
  /** The store fetch for this job's lane, watched by the rate governor (packages/storage/src/jobs/governor.ts). */
  storeFetch: typeof fetch;
  /** When this attempt's lease ends: a long job stops before and returns `{ again: true }`. */
  leaseEndsAt: Date;
  /**
   * True while foreground jobs run in this worker (within the hold's bound, packages/storage/src/jobs/foreground.ts): a background
   * job ends its slice at its next step and returns `{ again: true }`.
   */
  foregroundWaiting(): boolean;
}

/**
 * `foreground`: someone waits on it (a token exchange). `background`: long work in slices that nobody waits on (a
 * sync pass): not started while foreground jobs run in the same worker, within a bound (packages/storage/src/jobs/foreground.ts).
 * Anything else runs in fair order alone.
 */
export type JobPriority = "foreground" | "background";

/** `again`: given back to run later, from `after` when given (a job that polls, lib/jobs/kinds/bulk.ts). */
export type JobResult = { again: true; after?: Date } | { output?: unknown } | void;

export interface JobDefinition<T> {
  kind: string;
  /** The job's data, checked before it runs (a job sent by an older version may not fit any more). */
  schema: z.ZodType<T>;
  run(data: T, ctx: JobContext): Promise<JobResult>;
  /** After the last attempt failed (not when the data was invalid). */
  onFailed?(data: T, message: string, ctx: Omit<JobContext, "storeFetch">): Promise<void>;
  /** Whom it serves (JobPriority); without one, it runs in fair order alone. */
  priority?: JobPriority;
}

/** A job kind as the worker holds it: data checked against the kind's schema on the way in. */
export interface JobKind {
  kind: string;
  priority?: JobPriority;
  /** Throws InvalidJobData when the data does not fit. */
  run(data: unknown, ctx: JobContext): Promise<JobResult>;
  onFailed(data: unknown, message: string, ctx: Omit<JobContext, "storeFetch">): Promise<void>;
}

export class InvalidJobData extends Error {
  override readonly name = "InvalidJobData";
}

export function defineJob<T>(def: JobDefinition<T>): JobKind {
  const parse = (data: unknown): T => {
    const r = def.schema.safeParse(data);
    if (!r.success) throw new InvalidJobData(`invalid ${def.kind} job data: ${r.error.issues[0]?.message ?? "?"}`);
    return r.data;
  };
  return {
    kind: def.kind,
    ...(def.priority ? { priority: def.priority } : {}),
    run: (data, ctx) => def.run(parse(data), ctx),
    onFailed: async (data, message, ctx) => {
      const r = def.schema.safeParse(data);
      if (r.success && def.onFailed) await def.onFailed(r.data, message, ctx);
    },
  };
}

/** A job kind kept going by the workers: each run sends the next, `everyMs` later. */
export interface Recurring {
  kind: string;
  everyMs: number;
  data?: unknown;
}
