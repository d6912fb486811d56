export const INSTALL_HINT: string;
export function postgresBin(): string | null;
export function startThrowawayPostgres(opts?: { quiet?: boolean }): Promise<{ url: string; dir: string; stop(): void }>;
export function stopThrowawayPostgres(dir: string): void;
