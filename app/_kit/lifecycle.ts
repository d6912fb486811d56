/**
 * The web process's shutdown, shared by every Next bundle (on globalThis). Under the kit's web entry
 * (scripts/web.mjs, what `npm start` and the image run) a SIGTERM first marks the process as draining (readiness
 * answers 503), stops taking connections and finishes the requests in flight, then runs the hooks registered here
 * (the in-process worker's stop), then exits 0. Under a bare `next start` Next handles the signal itself: the
 * hooks then run on the signal.
 */
interface Lifecycle {
  draining: boolean;
  /** True when scripts/web.mjs runs the shutdown (it set this object before the server started). */
  managed: boolean;
  hooks: Array<() => Promise<void>>;
}

const holder = globalThis as unknown as { __kitLifecycle?: Lifecycle };

function lifecycle(): Lifecycle {
  return (holder.__kitLifecycle ??= { draining: false, managed: false, hooks: [] });
}

/** Is this process shutting down (readiness is false from the signal on)? */
export function draining(): boolean {
  return lifecycle().draining;
}

/** Work to finish when the process stops, after the last request was answered. */
export function onShutdown(hook: () => Promise<void>): void {
  const l = lifecycle();
  if (l.managed) {
    l.hooks.push(hook);
    return;
  }
  const run = () => {
    l.draining = true;
    void hook().catch((e: unknown) => console.error("shutdown:", (e as Error).message));
  };
  process.once("SIGTERM", run);
  process.once("SIGINT", run);
}
