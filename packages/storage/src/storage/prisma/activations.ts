import type { PortableQueries } from "../../db.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import type { ActivationRepo } from "../storage.ts";
import { toActivation } from "./rows.ts";
import { ACTIVATION_WITH_INSTALLATION, activationWithInstallationOf } from "./joined-rows.ts";

const FROM_ACTIVATION = Prisma.sql`SELECT ${ACTIVATION_WITH_INSTALLATION} FROM "Activation" "a"
  JOIN "Installation" "i" ON "i"."id" = "a"."installationId" JOIN "Store" "st" ON "st"."id" = "i"."storeId"`;

const EXCHANGED_OR_RUNNING = ["pending", "exchanging", "succeeded"];

export function prismaActivations(db: PortableQueries): ActivationRepo {
  return {
    async create(data) {
      return toActivation(await db.activation.create({ data: { ...data, state: "pending" } }));
    },
    async byId(id) {
      const r = await db.activation.findUnique({ where: { id } });
      return r ? toActivation(r) : null;
    },
    // every token exchange starts with it: one joined statement, not Prisma's three (joined-rows.ts)
    async withInstallation(id) {
      const [row] = await db.$queryRaw<Array<Record<string, unknown>>>`${FROM_ACTIVATION} WHERE "a"."id" = ${id}`;
      return row ? activationWithInstallationOf(row) : null;
    },
    async latest(installationId) {
      const r = await db.activation.findFirst({ where: { installationId }, orderBy: { seq: "desc" } });
      return r ? toActivation(r) : null;
    },
    async recent(installationId, limit) {
      const rows = await db.activation.findMany({ where: { installationId }, orderBy: { seq: "desc" }, take: limit });
      return rows.map(toActivation);
    },
    async openTwin(installationId, fingerprint) {
      const r = await db.activation.findFirst({
        where: { installationId, fingerprint, state: { in: EXCHANGED_OR_RUNNING } },
        orderBy: { seq: "desc" },
      });
      return r ? toActivation(r) : null;
    },
    async hasSucceededTwin(installationId, fingerprint, exceptId) {
      const n = await db.activation.count({
        where: { installationId, fingerprint, state: "succeeded", id: { not: exceptId } },
      });
      return n > 0;
    },
    async newerFromSameStore(installationId, seq, storeBaseUrl) {
      return db.activation.findMany({
        where: { installationId, seq: { gt: seq }, storeBaseUrl, state: { in: EXCHANGED_OR_RUNNING } },
        select: { seq: true, consumerSecretEnc: true },
        orderBy: { seq: "asc" },
      });
    },
    async claimForExchange(id, at) {
      const r = await db.activation.updateMany({
        where: { id, state: "pending" },
        data: { state: "exchanging", exchangeStartedAt: at },
      });
      return r.count > 0;
    },
    async markRequestTokenCall(id, at) {
      await db.activation.update({ where: { id }, data: { requestTokenCallAt: at } });
    },
    async giveBack(id, opts) {
      await db.activation.updateMany({
        where: { id, state: "exchanging" },
        data: { state: "pending", ...(opts.requestTokenCall ? { requestTokenCallAt: null } : {}) },
      });
    },
    async saveRequestToken(id, tokenEnc, secretEnc, at) {
      await db.activation.update({
        where: { id },
        data: { requestTokenEnc: tokenEnc, requestTokenSecretEnc: secretEnc, requestTokenAt: at },
      });
    },
    async markAccessTokenCall(id, at) {
      await db.activation.update({ where: { id }, data: { accessTokenCallAt: at } });
    },
    async finish(id, from, end) {
      const r = await db.activation.updateMany({
        where: { id, state: { in: [...from] } },
        data: {
          state: end.state,
          finishedAt: end.at,
          ...(end.failureReason !== undefined ? { failureReason: end.failureReason } : {}),
          ...(end.accessTokenAt ? { accessTokenAt: end.accessTokenAt } : {}),
          // the request token is spent either way, unless a newer activation may take it over
          ...(end.keepRequestToken ? {} : { requestTokenEnc: null, requestTokenSecretEnc: null }),
        },
      });
      return r.count > 0;
    },
    async takeRequestToken(fromId, toId, at) {
      const from = await db.activation.findUnique({
        where: { id: fromId },
        select: { requestTokenEnc: true, requestTokenSecretEnc: true },
      });
      if (!from?.requestTokenEnc || !from.requestTokenSecretEnc) return false;
      // conditional on the value read: of two takers, one moves it
      const cleared = await db.activation.updateMany({
        where: { id: fromId, requestTokenEnc: from.requestTokenEnc },
        data: { requestTokenEnc: null, requestTokenSecretEnc: null },
      });
      if (cleared.count === 0) return false;
      await db.activation.update({
        where: { id: toId },
        data: {
          requestTokenEnc: from.requestTokenEnc,
          requestTokenSecretEnc: from.requestTokenSecretEnc,
          requestTokenAt: at,
        },
      });
      return true;
    },
    async dropKeptRequestTokens(before) {
      const r = await db.activation.updateMany({
        where: {
          state: { notIn: ["pending", "exchanging"] },
          finishedAt: { lt: before },
          requestTokenEnc: { not: null },
        },
        data: { requestTokenEnc: null, requestTokenSecretEnc: null },
      });
      return r.count;
    },
    async listOpen() {
      const rows = await db.activation.findMany({
        where: { state: { in: ["pending", "exchanging"] } },
        orderBy: { callbackAt: "asc" },
      });
      return rows.map(toActivation);
    },
    async claimForUser(id, userId, at) {
      const r = await db.activation.updateMany({
        where: { id, claimedByUserId: null },
        data: { claimedByUserId: userId, claimedAt: at },
      });
      return r.count > 0;
    },
    async sealed() {
      return db.activation.findMany({
        select: {
          id: true,
          consumerSecretEnc: true,
          verifierEnc: true,
          requestTokenEnc: true,
          requestTokenSecretEnc: true,
        },
        orderBy: { id: "asc" },
      });
    },
    async replaceSealed(id, values) {
      await db.activation.update({ where: { id }, data: values });
    },
  };
}
