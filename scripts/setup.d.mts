export function generateClients(opts?: { quiet?: boolean }): void;
export function migrate(opts?: { databaseUrl?: string; quiet?: boolean }): Promise<void>;
export function setup(opts?: { databaseUrl?: string; quiet?: boolean }): Promise<void>;
export function secureSqliteFile(databaseUrl: string): void;
