/**
 * What every page of one store reads (SessionRepo.byIdWithStorePage) as ONE SQL statement: the session, its
 * user's email, the installation and its store when that user is linked to it, and its pending link requests with
 * their requesters' emails. Prisma's nested `include` runs one statement per relation (six here) and compiles each;
 * a page paid that on every render (bench/store-page-read.bench.ts prints both). Joins the same tables the include
 * did, a row per pending request (one row when there is none); columns are aliased per table and each table's row
 * goes through the same mappers as every other read (rows.ts), so a state this version does not know still fails
 * loudly. Column lists are typed against Prisma's generated rows: a column added to the schema and not here is a
 * compile error.
 */
import type { PortableQueries } from "@/lib/db";
import type {
  Installation as InstallationRow,
  LinkRequest as LinkRequestRow,
  Session as SessionRow,
  Store as StoreRow,
} from "@/lib/generated/prisma/client";
import { Prisma } from "@/lib/generated/prisma/client";
import type { SessionWithStorePage } from "../storage";
import { toInstallationWithStore, toLinkRequest, toSession } from "./rows";

/** Every column of a table, once: `satisfies` fails the build when the schema gains one this file lacks. */
const all =
  <Row>() =>
  <const C extends Record<keyof Row, true>>(c: C) =>
    Object.keys(c) as Array<keyof Row & string>;

const SESSION = all<SessionRow>()({
  id: true,
  userId: true,
  createdAt: true,
  expiresAt: true,
  revokedAt: true,
  lastSeenAt: true,
});
const INSTALLATION = all<InstallationRow>()({
  id: true,
  consumerKey: true,
  storeId: true,
  state: true,
  failureReason: true,
  mode: true,
  adminOrigin: true,
  label: true,
  consumerSecretEnc: true,
  accessTokenEnc: true,
  accessTokenSecretEnc: true,
  activatedAt: true,
  lastSuccessAt: true,
  lastCheckedAt: true,
  activationCount: true,
  credentialsSeq: true,
  provenAt: true,
  createdAt: true,
  updatedAt: true,
});
const STORE = all<StoreRow>()({
  id: true,
  baseUrl: true,
  signatureMethod: true,
  signatureMode: true,
  name: true,
  provenAt: true,
  createdAt: true,
  updatedAt: true,
});
const LINK_REQUEST = all<LinkRequestRow>()({
  id: true,
  installationId: true,
  userId: true,
  activationId: true,
  state: true,
  createdAt: true,
  decidedAt: true,
  decidedByUserId: true,
  verifiedAt: true,
});

/** `"<alias>"."<column>" AS "<prefix><column>"` for each column (names are the constants above, never input). */
const select = (alias: string, prefix: string, columns: readonly string[]) =>
  columns.map((c) => `"${alias}"."${c}" AS "${prefix}${c}"`).join(", ");

const COLUMNS = Prisma.raw(
  [
    select("s", "s_", SESSION),
    `"u"."email" AS "u_email"`,
    select("i", "i_", INSTALLATION),
    select("st", "st_", STORE),
    select("lr", "lr_", LINK_REQUEST),
    `"lu"."email" AS "lu_email"`,
  ].join(", "),
);

/** The prefixed columns of one table out of a joined row, as that table's row. */
function part<Row>(row: Record<string, unknown>, prefix: string, columns: readonly string[]): Row {
  return Object.fromEntries(columns.map((c) => [c, row[prefix + c]])) as Row;
}

export async function readStorePage(
  db: PortableQueries,
  sessionId: string,
  installationId: string,
  pendingSince: Date,
): Promise<SessionWithStorePage | null> {
  const rows = await db.$queryRaw<Array<Record<string, unknown>>>`SELECT ${COLUMNS}
    FROM "Session" "s"
    JOIN "User" "u" ON "u"."id" = "s"."userId"
    LEFT JOIN "InstallationUser" "iu" ON "iu"."userId" = "s"."userId" AND "iu"."installationId" = ${installationId}
    LEFT JOIN "Installation" "i" ON "i"."id" = "iu"."installationId"
    LEFT JOIN "Store" "st" ON "st"."id" = "i"."storeId"
    LEFT JOIN "LinkRequest" "lr" ON "lr"."installationId" = "i"."id" AND "lr"."state" = 'pending'
      AND "lr"."verifiedAt" IS NOT NULL AND "lr"."createdAt" > ${pendingSince}
    LEFT JOIN "User" "lu" ON "lu"."id" = "lr"."userId"
    WHERE "s"."id" = ${sessionId}
    ORDER BY "lr"."createdAt" ASC`;
  const first = rows[0];
  if (!first) return null;
  const linked = first.i_id != null;
  return {
    ...toSession(part<SessionRow>(first, "s_", SESSION)),
    email: String(first.u_email),
    installation: linked
      ? toInstallationWithStore({
          ...part<InstallationRow>(first, "i_", INSTALLATION),
          store: part<StoreRow>(first, "st_", STORE),
        })
      : null,
    pendingRequests: rows
      .filter((r) => r.lr_id != null)
      .map((r) =>
        toLinkRequest({ ...part<LinkRequestRow>(r, "lr_", LINK_REQUEST), user: { email: String(r.lu_email) } }),
      ),
  };
}
