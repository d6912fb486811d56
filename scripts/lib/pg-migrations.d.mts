export function listPgMigrations(dir?: string): Array<{ name: string; sql: string }>;
export function applyPgMigrations(
  url: string,
  opts?: { dir?: string; log?: (message: string) => void },
): Promise<string[]>;
