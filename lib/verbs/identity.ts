import {
  getSession,
  cookieValue,
  type RequestContext,
  CLAIM_WINDOW_MS,
  completeIdentityFor,
  type IdentityOutcome,
  type IdentityQuery,
  ADMIN_POPUP_COOKIE,
  isAdminPopup,
  CALLBACK_JOB,
  acceptLinkOffer,
  findLinkOffer,
  readStartedLinkCookie,
  STARTED_LINK_COOKIE,
  type AcceptResult,
  type LinkOffer,
  consumerKeyRef,
  isIdentityPath,
  isMagentoToken,
  cookieName,
  linkRequestLinkState,
  verifyLinkRequest,
} from "@magento-integration/handshake";
import type { KitCore } from "./core";
import { safeNextPath } from "./auth";

/**
 * The identity namespace of the kit (kit.identity): the identity popup (packages/handshake/src/integration/identity.ts) with this
 * request's session and cookies. The callback's verbs are next door (./handshake.ts).
 */
export function identityVerbs(core: KitCore, currentUserId: (ctx: RequestContext) => Promise<string | null>) {
  /** The identity popup that `next` (a sign-in's destination) points at, if any. */
  function identityQueryOf(next: string): { key: string; successCallBack: string } | null {
    const url = new URL(safeNextPath(next), "http://app.invalid");
    if (!isIdentityPath(url.pathname)) return null;
    const key = url.searchParams.get("oauth_consumer_key");
    const successCallBack = url.searchParams.get("success_call_back");
    return key && successCallBack ? { key, successCallBack } : null;
  }

  /** Did this browser open the identity link from the store's admin popup (packages/handshake/src/integration/admin-popup.ts)? */
  function fromAdminPopup(ctx: RequestContext, key: string, successCallBack: string): boolean {
    return isAdminPopup(
      core.env.sessionSecret,
      cookieValue(ctx.cookies, cookieName(ADMIN_POPUP_COOKIE, core.env)),
      key,
      successCallBack,
      core.now().getTime(),
    );
  }

  /**
   * Records that the signed-in user agreed to link the installation of this consumer key through its newest
   * activation (`shownActivationId`: the one the page showed; a newer one needs its own consent).
   */
  async function grantConsent(ctx: RequestContext, consumerKey: string, shownActivationId?: string): Promise<void> {
    if (!isMagentoToken(consumerKey) || !(await currentUserId(ctx))) return;
    const inst = await core.storage.installations.byConsumerKey(consumerKey);
    const latest = inst ? await core.storage.activations.latest(inst.id) : null;
    if (!latest || (shownActivationId !== undefined && latest.id !== shownActivationId)) return;
    const session = await getSession(ctx.cookies, core.env);
    session.linkConsent = { consumerKey, activationId: latest.id, at: core.now().getTime() };
    await session.save();
  }

  /** The identity popup this browser opened from a store's admin (packages/handshake/src/integration/started-link-cookie.ts). */
  const startedHere = (ctx: RequestContext) =>
    readStartedLinkCookie(
      core.env.sessionSecret,
      cookieValue(ctx.cookies, cookieName(STARTED_LINK_COOKIE, core.env)),
      core.now().getTime(),
    );

  return {
    grantConsent,

    /**
     * The activation a sign-up inside the identity popup comes from: `next` is the popup's identity link, opened
     * from that store's admin, and its installation's newest activation arrived within CLAIM_WINDOW_MS. Such a
     * sign-up spends that activation's own budget (packages/handshake/src/auth/throttle.ts), never the one everybody shares. Null
     * otherwise. Only a store admin's Activate makes a fresh activation, so the budget cannot be multiplied.
     */
    async popupActivation(ctx: RequestContext, next: string): Promise<string | null> {
      const q = identityQueryOf(next);
      if (!q || !isMagentoToken(q.key) || !fromAdminPopup(ctx, q.key, q.successCallBack)) return null;
      const inst = await core.storage.installations.byConsumerKey(q.key);
      const latest = inst ? await core.storage.activations.latest(inst.id) : null;
      if (!latest || core.now().getTime() - latest.callbackAt.getTime() > CLAIM_WINDOW_MS) return null;
      return latest.id;
    },

    /** The activation this browser opened the identity popup for and nobody finished (packages/handshake/src/integration/link-offer.ts). */
    linkOffer: (ctx: RequestContext, userId: string): Promise<LinkOffer | null> =>
      findLinkOffer(core.storage, userId, startedHere(ctx), core.now()),

    /** The user confirmed the offer naming `activationId`: linked (nobody was) or a link request filed. */
    /** The page of a link request's verification mail: the store it names, or what is wrong with the link. */
    linkRequestLinkState: (token: string) => linkRequestLinkState(core.storage, token, core.now()),

    /** Its button: files the request as verified (packages/handshake/src/integration/link-request-verification.ts). */
    verifyLinkRequest: (token: string) => verifyLinkRequest(core.storage, token, core.now()),

    acceptLinkOffer: (ctx: RequestContext, userId: string, activationId: string): Promise<AcceptResult> =>
      acceptLinkOffer(core.integration(), userId, startedHere(ctx), activationId, core.now()),

    /**
     * Signing in or up inside the identity popup is consent to link that popup's installation, through the
     * activation the store just posted, and only when the popup came from the store's admin. Otherwise the
     * identity page asks, naming the store.
     */
    async grantConsentFromNext(ctx: RequestContext, next: string): Promise<void> {
      const q = identityQueryOf(next);
      if (q && fromAdminPopup(ctx, q.key, q.successCallBack)) await grantConsent(ctx, q.key);
    },

    /** The store a sign-in page's `next` would link (shown on the popup's sign-in and sign-up pages), or null. */
    async storeBeingLinked(next: string): Promise<{ host: string; baseUrl: string; name: string | null } | null> {
      const q = identityQueryOf(next);
      if (!q || !isMagentoToken(q.key)) return null;
      const inst = await core.storage.installations.byConsumerKey(q.key);
      if (!inst) return null;
      return { host: new URL(inst.store.baseUrl).host, baseUrl: inst.store.baseUrl, name: inst.store.name };
    },

    /** The identity popup for the signed-in user (see packages/handshake/src/integration/identity.ts). */
    async complete(ctx: RequestContext, query: IdentityQuery, userId: string | null): Promise<IdentityOutcome> {
      const session = await getSession(ctx.cookies, core.env);
      const c = session.linkConsent;
      const key = typeof query.oauth_consumer_key === "string" ? query.oauth_consumer_key : undefined;
      const scb = typeof query.success_call_back === "string" ? query.success_call_back : undefined;
      const consent = c && key && c.consumerKey === key ? { activationId: c.activationId, at: c.at } : undefined;
      const admin = key && scb ? fromAdminPopup(ctx, key, scb) : false;
      return completeIdentityFor(core.integration(), query, userId, {
        ...(consent ? { consent } : {}),
        fromAdminPopup: admin,
        callbackQueued: (consumerKey) => core.queue.hasOpen(CALLBACK_JOB, consumerKeyRef(consumerKey)),
      });
    },
  };
}
