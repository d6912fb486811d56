/**
 * Prisma's driver adapters hand every statement, arguments included, to `@prisma/debug`, which keeps the arguments of
 * its last 100 calls for its error reports whether debugging is on or not. A sync page's rows travel as one JSON
 * argument of 90–250 KiB (json-rows.ts), so that history held several MiB of pages long written, and a backfill's
 * heap grew by it until the history was full of pages (docs/sync.md, "Speed and memory"). The statements that pass
 * such an argument forget it once they ran. With `DEBUG=prisma*` set, Prisma still prints every statement as it runs.
 */
import { clearLogs } from "@prisma/debug";

export const forgetStatementArguments = (): void => clearLogs();
