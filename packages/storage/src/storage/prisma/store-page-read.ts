/**
 * What every page of one store reads (SessionRepo.byIdWithStorePage) as ONE SQL statement: the session, its
 * user's email, the installation and its store when that user is linked to it, and its pending link requests with
 * their requesters' emails. Prisma's nested `include` runs one statement per relation (six here) and compiles each;
 * a page paid that on every render (bench/store-page-read.bench.ts prints both). Joins the same tables the include
 * did, a row per pending request (one row when there is none); columns are aliased per table and each table's row
 * goes through the same mappers as every other read (rows.ts), so a state this version does not know still fails
 * loudly (joined-rows.ts).
 */
import type { RowReader } from "../../sqlite-reader.ts";
import type { LinkRequest as LinkRequestRow, Session as SessionRow } from "../../generated/prisma/client.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import type { SessionWithStorePage } from "../storage.ts";
import { toLinkRequest, toSession } from "./rows.ts";
import {
  INSTALLATION_WITH_STORE,
  installationWithStoreOf,
  LINK_REQUEST,
  part,
  select,
  SESSION,
} from "./joined-rows.ts";

const COLUMNS = Prisma.sql`${Prisma.raw(select("s", "s_", SESSION))}, "u"."email" AS "u_email",
  ${INSTALLATION_WITH_STORE}, ${Prisma.raw(select("lr", "lr_", LINK_REQUEST))}, "lu"."email" AS "lu_email"`;

export async function readSessionWithStorePage(
  read: RowReader,
  sessionId: string,
  installationId: string,
  pendingSince: Date,
): Promise<SessionWithStorePage | null> {
  const rows = await read(Prisma.sql`SELECT ${COLUMNS}
    FROM "Session" "s"
    JOIN "User" "u" ON "u"."id" = "s"."userId"
    LEFT JOIN "InstallationUser" "iu" ON "iu"."userId" = "s"."userId" AND "iu"."installationId" = ${installationId}
    LEFT JOIN "Installation" "i" ON "i"."id" = "iu"."installationId"
    LEFT JOIN "Store" "st" ON "st"."id" = "i"."storeId"
    LEFT JOIN "LinkRequest" "lr" ON "lr"."installationId" = "i"."id" AND "lr"."state" = 'pending'
      AND "lr"."verifiedAt" IS NOT NULL AND "lr"."createdAt" > ${pendingSince}
    LEFT JOIN "User" "lu" ON "lu"."id" = "lr"."userId"
    WHERE "s"."id" = ${sessionId}
    ORDER BY "lr"."createdAt" ASC`);
  const first = rows[0];
  if (!first) return null;
  const linked = first.i_id != null;
  return {
    ...toSession(part<SessionRow>(first, "s_", SESSION)),
    email: String(first.u_email),
    installation: linked ? installationWithStoreOf(first) : null,
    pendingRequests: rows
      .filter((r) => r.lr_id != null)
      .map((r) =>
        toLinkRequest({ ...part<LinkRequestRow>(r, "lr_", LINK_REQUEST), user: { email: String(r.lu_email) } }),
      ),
  };
}
