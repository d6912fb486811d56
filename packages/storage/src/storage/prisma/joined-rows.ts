/**
 * Installations read with their store in ONE SQL statement, as the rows every other read maps (rows.ts). Prisma's
 * `include` runs a statement per relation and compiles each (an installation with its store: 10.0 ms against 1.3 ms
 * for the join, medians at load 11.6 in bench/store-page-read.bench.ts); the reads a page makes on every render go
 * through here. Column lists are typed against Prisma's generated rows:
 * a column added to the schema and not here is a compile error.
 */
import type {
  Activation as ActivationRow,
  Installation as InstallationRow,
  LinkRequest as LinkRequestRow,
  Session as SessionRow,
  Store as StoreRow,
} from "../../generated/prisma/client.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import type { Activation, InstallationWithStore } from "../storage.ts";
import { toActivation, toInstallationWithStore } from "./rows.ts";

/** Every column of a table, once: the type parameter's constraint fails the build when the schema gains one. */
const all =
  <Row>() =>
  <const C extends Record<keyof Row, true>>(c: C) =>
    Object.keys(c) as Array<keyof Row & string>;

export const SESSION = all<SessionRow>()({
  id: true,
  userId: true,
  createdAt: true,
  expiresAt: true,
  revokedAt: true,
  lastSeenAt: true,
});
export const INSTALLATION = all<InstallationRow>()({
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
export const STORE = all<StoreRow>()({
  id: true,
  baseUrl: true,
  signatureMethod: true,
  signatureMode: true,
  name: true,
  provenAt: true,
  createdAt: true,
  updatedAt: true,
});
export const ACTIVATION = all<ActivationRow>()({
  id: true,
  installationId: true,
  seq: true,
  state: true,
  fingerprint: true,
  failureReason: true,
  storeBaseUrl: true,
  consumerSecretEnc: true,
  verifierEnc: true,
  callbackAt: true,
  answeredMs: true,
  exchangeStartedAt: true,
  requestTokenCallAt: true,
  requestTokenAt: true,
  requestTokenEnc: true,
  requestTokenSecretEnc: true,
  accessTokenCallAt: true,
  accessTokenAt: true,
  finishedAt: true,
  claimedByUserId: true,
  claimedAt: true,
});
export const LINK_REQUEST = all<LinkRequestRow>()({
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
export const select = (alias: string, prefix: string, columns: readonly string[]) =>
  columns.map((c) => `"${alias}"."${c}" AS "${prefix}${c}"`).join(", ");

/** The prefixed columns of one table out of a joined row, as that table's row. */
export function part<Row>(row: Record<string, unknown>, prefix: string, columns: readonly string[]): Row {
  return Object.fromEntries(columns.map((c) => [c, row[prefix + c]])) as Row;
}

/** `"i".*` and `"st".*` aliased: the SELECT list of an installation joined with its store as "i" and "st". */
export const INSTALLATION_WITH_STORE = Prisma.raw(`${select("i", "i_", INSTALLATION)}, ${select("st", "st_", STORE)}`);

/** An installation and its store out of a row selected with INSTALLATION_WITH_STORE. */
export const installationWithStoreOf = (row: Record<string, unknown>): InstallationWithStore =>
  toInstallationWithStore({
    ...part<InstallationRow>(row, "i_", INSTALLATION),
    store: part<StoreRow>(row, "st_", STORE),
  });

/** `"a".*` aliased, then INSTALLATION_WITH_STORE: an activation joined with its installation ("i") and store ("st"). */
export const ACTIVATION_WITH_INSTALLATION = Prisma.raw(
  `${select("a", "a_", ACTIVATION)}, ${select("i", "i_", INSTALLATION)}, ${select("st", "st_", STORE)}`,
);

/** An activation, its installation and store out of a row selected with ACTIVATION_WITH_INSTALLATION. */
export const activationWithInstallationOf = (
  row: Record<string, unknown>,
): { activation: Activation; installation: InstallationWithStore } => ({
  activation: toActivation(part<ActivationRow>(row, "a_", ACTIVATION)),
  installation: installationWithStoreOf(row),
});
