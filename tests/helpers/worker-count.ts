/** How many test files (vitest) or specs (Playwright) run at once: the named variable, else the default. */
export function workerCount(variable: string, fallback: number): number {
  const raw = process.env[variable];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${variable}=${raw}: give a whole number of at least 1`);
  return n;
}
