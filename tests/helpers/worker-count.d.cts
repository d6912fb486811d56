/** How many test files (vitest) or specs (Playwright) run at once: the named variable, else the default. */
export function workerCount(variable: string, fallback: number): number;
