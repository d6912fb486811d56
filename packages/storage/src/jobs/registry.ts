/**
 * Job kinds are registered, not imported: the app (createKit, lib/kit.ts) hands the engine each module of kinds
 * with `work(module)`, as pg-boss's `work(name, handler)` does, so the queue and the worker know no job kind. A
 * module names its kinds for the Jobs view, builds their handlers from the app's services when a worker starts,
 * and may keep recurring jobs going.
 */
import type { JobQueue } from "./queue.ts";
import type { JobKind, Recurring } from "./job-kind.ts";

export interface JobModule<S> {
  /** The Jobs view's name of each kind the module runs. */
  labels: Readonly<Record<string, string>>;
  kinds(services: S, queue: JobQueue): JobKind[];
  /** Recurring jobs (chained: each run sends the next). */
  recurring?(services: S): Recurring[];
}

export interface JobRegistry<S> {
  /** Adds a module's kinds; a kind registered twice is a mistake and throws. */
  work(module: JobModule<S>): JobRegistry<S>;
  /** The Jobs view's name of a kind (the kind itself when no module names it). */
  label(kind: string): string;
  kinds(services: S, queue: JobQueue): JobKind[];
  recurring(services: S): Recurring[];
}

export function createJobRegistry<S>(modules: ReadonlyArray<JobModule<S>> = []): JobRegistry<S> {
  const registered: Array<JobModule<S>> = [];
  const labels = new Map<string, string>();
  const registry: JobRegistry<S> = {
    work(module) {
      for (const kind of Object.keys(module.labels))
        if (labels.has(kind)) throw new Error(`job kind ${kind} is registered twice`);
      for (const [kind, label] of Object.entries(module.labels)) labels.set(kind, label);
      registered.push(module);
      return registry;
    },
    label: (kind) => labels.get(kind) ?? kind,
    kinds: (services, queue) => registered.flatMap((m) => m.kinds(services, queue)),
    recurring: (services) => registered.flatMap((m) => m.recurring?.(services) ?? []),
  };
  for (const m of modules) registry.work(m);
  return registry;
}
