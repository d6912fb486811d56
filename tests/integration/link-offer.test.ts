/**
 * /stores offers to finish a link the identity popup left undone, only to the browser that opened that popup,
 * only for the activation it showed, only while nobody claimed it; otherwise the approval rule applies.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { useFreshDatabase } from "../helpers/fresh-db";
import { PROVIDERS } from "../helpers/databases";
import { signUp, deliverAccountMail, type AccountMail } from "@magento-integration/handshake/auth";
import {
  acceptLinkOffer,
  findLinkOffer,
  readStartedLinkCookie,
  startedLinkCookie,
  STARTED_LINK_TTL_MS,
  CLAIM_WINDOW_MS,
} from "@magento-integration/handshake";
import { createMailer, parseMailConfig } from "@magento-integration/handshake/mail";
import { followLinkRequestMail } from "../helpers/link-request-mail";

let fresh: ReturnType<typeof useFreshDatabase>;

/** The storage, and the account mail sent at once into the dev outbox (the account.mail job's work). */
function deps() {
  const mail = {
    storage: fresh.storage,
    mailer: createMailer(parseMailConfig({}, "http://127.0.0.1:3000", false), fresh.storage.outbox),
    appUrl: "http://127.0.0.1:3000",
    now: () => new Date(),
  };
  return {
    storage: fresh.storage,
    canSendMail: () => true,
    queueAccountMail: async (m: AccountMail) => void (await deliverAccountMail(mail, m)),
  };
}

const SECRET = "s".repeat(40);
const KEY = "k".repeat(32);

async function user(email: string): Promise<string> {
  const r = await signUp(fresh.storage, { email, password: "a long enough password" });
  if (!r.ok) throw new Error(r.error);
  return r.user.id;
}

/** An installation whose activation's exchange succeeded at `at` (what the callback and exchange leave behind). */
async function activated(at: Date): Promise<{ installationId: string; activationId: string }> {
  const store = await fresh.prisma.store.create({ data: { baseUrl: "https://shop.example.test/" } });
  const inst = await fresh.prisma.installation.create({
    data: {
      consumerKey: KEY,
      storeId: store.id,
      state: "active",
      consumerSecretEnc: "x",
      accessTokenEnc: "x",
      accessTokenSecretEnc: "x",
      activationCount: 1,
      credentialsSeq: 1,
      provenAt: at,
    },
  });
  const a = await fresh.prisma.activation.create({
    data: {
      installationId: inst.id,
      seq: 1,
      state: "succeeded",
      fingerprint: "f",
      storeBaseUrl: store.baseUrl,
      consumerSecretEnc: "x",
      verifierEnc: "x",
      callbackAt: at,
      accessTokenAt: at,
    },
  });
  return { installationId: inst.id, activationId: a.id };
}

describe("the started-link cookie", () => {
  it("is signed, names the key, and expires", () => {
    const now = Date.now();
    const c = startedLinkCookie(SECRET, KEY, now);
    expect(readStartedLinkCookie(SECRET, c, now + 1000)).toEqual({ consumerKey: KEY, at: now });
    expect(readStartedLinkCookie("t".repeat(40), c, now)).toBeNull(); // another secret: forged
    expect(readStartedLinkCookie(SECRET, c.replace(KEY, "m".repeat(32)), now)).toBeNull(); // another key
    expect(readStartedLinkCookie(SECRET, c, now + STARTED_LINK_TTL_MS + 1)).toBeNull();
    expect(readStartedLinkCookie(SECRET, undefined, now)).toBeNull();
  });
});

describe.each(PROVIDERS)("on %s", (provider) => {
  const db = useFreshDatabase(provider);
  beforeEach(() => {
    fresh = db;
  });

  describe("the link offer", () => {
    it("this browser (the cookie) is offered the activation it opened; another browser nothing", async () => {
      const t = new Date();
      const { installationId, activationId } = await activated(t);
      const me = await user("me@example.com");
      const started = { consumerKey: KEY, at: t.getTime() + 2000 };
      const offer = await findLinkOffer(fresh.storage, me, started, new Date(t.getTime() + 60_000));
      expect(offer).toMatchObject({ installationId, activationId, host: "shop.example.test", kind: "link" });
      expect(await findLinkOffer(fresh.storage, me, null, new Date())).toBeNull();

      expect(await acceptLinkOffer(deps(), me, started, activationId, new Date(t.getTime() + 61_000))).toEqual({
        ok: true,
        kind: "linked",
        installationId,
      });
      expect(await fresh.prisma.installationUser.count({ where: { installationId, userId: me } })).toBe(1);
      // spent: nobody else is offered it, not even with the same cookie
      const other = await user("other@example.com");
      expect(await findLinkOffer(fresh.storage, other, started, new Date(t.getTime() + 62_000))).toBeNull();
    });

    it("never covers an activation that arrived after the popup opened, nor one past the claim window", async () => {
      const t = new Date();
      await activated(t);
      const me = await user("me@example.com");
      expect(
        await findLinkOffer(fresh.storage, me, { consumerKey: KEY, at: t.getTime() - 1000 }, new Date()),
      ).toBeNull();
      expect(
        await findLinkOffer(
          fresh.storage,
          me,
          { consumerKey: KEY, at: t.getTime() + 1000 },
          new Date(t.getTime() + CLAIM_WINDOW_MS + 1),
        ),
      ).toBeNull();
    });

    it("an installation with linked users: accepting only files a link request they approve, once its mail is followed", async () => {
      const t = new Date();
      const { installationId, activationId } = await activated(t);
      const owner = await user("owner@example.com");
      await fresh.prisma.installationUser.create({ data: { installationId, userId: owner } });
      const me = await user("me@example.com");
      const started = { consumerKey: KEY, at: t.getTime() + 1000 };
      expect(await findLinkOffer(fresh.storage, me, started, new Date())).toMatchObject({ kind: "request" });
      expect(await acceptLinkOffer(deps(), me, started, activationId, new Date())).toMatchObject({
        ok: true,
        kind: "verify_sent",
      });
      // filed once the link mailed to the requester's address is followed
      expect(await fresh.prisma.linkRequest.count()).toBe(0);
      expect(await followLinkRequestMail(fresh.storage, "me@example.com")).toMatchObject({
        ok: true,
        state: "pending",
      });
      expect(await fresh.prisma.installationUser.count({ where: { installationId, userId: me } })).toBe(0);
      expect(await fresh.prisma.linkRequest.findFirst({ where: { installationId, userId: me } })).toMatchObject({
        state: "pending",
      });
      expect(await findLinkOffer(fresh.storage, me, started, new Date())).toBeNull(); // asked already
    });

    it("accepting re-checks everything: a stale activation id links nothing", async () => {
      const t = new Date();
      const { installationId } = await activated(t);
      const me = await user("me@example.com");
      const r = await acceptLinkOffer(
        deps(),
        me,
        { consumerKey: KEY, at: t.getTime() + 1000 },
        "some-other-activation",
        new Date(),
      );
      expect(r.ok).toBe(false);
      expect(await fresh.prisma.installationUser.count({ where: { installationId } })).toBe(0);
    });
  });
});
