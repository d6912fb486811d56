import type { Storage } from "@magento-integration/storage";
import type { IntegrationDeps } from "./deps.ts";
import {
  CLAIM_WINDOW_MS,
  claimFirstAccount,
  askToBeLinked,
  LINK_REQUESTS_PER_HOUR,
  MAX_PENDING_PER_ACTIVATION,
  MAX_PENDING_REQUESTS,
  type NotFiled,
} from "./identity.ts";
export { STARTED_LINK_COOKIE, readStartedLinkCookie } from "./started-link-cookie.ts";

/**
 * "Link the store you just activated?" on /stores. A merchant who leaves the identity popup (closes it, or signs
 * in elsewhere) ends up with a store that shows Active in Magento and nothing in the app. The app may offer to
 * finish the link only for an activation *this browser* opened from the store's admin (the popup's Referer is
 * the admin's, admin-popup.ts; a link sent by mail or chat gets no offer): the identity page sets a signed, HttpOnly,
 * short-lived cookie naming the consumer key and when the popup opened (started-link-cookie.ts, set by proxy.ts). The offer then covers the
 * newest activation of that key, when its callback arrived before the popup opened (a later Reauthorize needs
 * its own popup), its exchange succeeded within the claim window and nobody claimed it. Accepting is an explicit
 * confirmation naming the store's host in full; an installation that already has linked users only gets a link
 * request that one of them approves (docs/security.md, "Who can link a store"). Another browser is offered nothing.
 */
export interface LinkOffer {
  installationId: string;
  activationId: string;
  host: string;
  baseUrl: string;
  storeName: string | null;
  /** link: nobody is linked yet, accepting links this user; request: accepting asks the linked users to approve. */
  kind: "link" | "request";
}

/** The activation this browser started and nobody finished, for this user, or null. */
export async function findLinkOffer(
  storage: Storage,
  userId: string,
  started: { consumerKey: string; at: number } | null,
  now: Date,
): Promise<LinkOffer | null> {
  if (!started) return null;
  const inst = await storage.installations.byConsumerKey(started.consumerKey);
  const latest = inst ? await storage.activations.latest(inst.id) : null;
  if (!inst || !latest || inst.mode !== "oauth") return null;
  if (await storage.links.isLinked(inst.id, userId)) return null; // already theirs
  if (latest.callbackAt.getTime() > started.at) return null; // a newer activation than the one this browser opened
  if (latest.claimedByUserId) return null;
  if (
    latest.state !== "succeeded" ||
    !latest.accessTokenAt ||
    now.getTime() - latest.accessTokenAt.getTime() >= CLAIM_WINDOW_MS
  )
    return null;
  const linkedUsers = await storage.links.linkedCount(inst.id);
  if (linkedUsers > 0 && (await storage.links.request(inst.id, userId))) return null; // already asked (pending or declined)
  return {
    installationId: inst.id,
    activationId: latest.id,
    host: new URL(inst.store.baseUrl).host,
    baseUrl: inst.store.baseUrl,
    storeName: inst.store.name,
    kind: linkedUsers === 0 ? "link" : "request",
  };
}

export type AcceptResult =
  { ok: true; kind: "linked" | "requested" | "verify_sent"; installationId: string } | { ok: false; error: string };

/** Why a link request was not filed, in the requester's words (shown instead of "waiting for approval"). */
export const NOT_FILED_REASONS: Record<NotFiled, string> = {
  store_full: `Your request was not filed: this store already has ${MAX_PENDING_REQUESTS} open link requests. Ask a person linked to the store to answer them, then complete the popup again.`,
  activation_full: `Your request was not filed: ${MAX_PENDING_PER_ACTIVATION} accounts already asked through this activation. Ask a store admin to click Reauthorize on the integration, then complete its popup yourself.`,
  no_mail:
    "Your request was not filed: a request is filed only once its email is verified by a mailed link, and this app cannot send mail (its administrator has not set SMTP_URL). Ask a person linked to the store to have mail set up.",
  requester_busy: `Your request was not filed: an account may ask to be linked ${LINK_REQUESTS_PER_HOUR} times an hour (each sends a verification mail). Try again later.`,
};

/** The user confirmed the offer they saw (`activationId`): checked again from scratch, then linked or requested. */
export async function acceptLinkOffer(
  deps: Pick<IntegrationDeps, "storage" | "queueAccountMail" | "canSendMail">,
  userId: string,
  started: { consumerKey: string; at: number } | null,
  activationId: string,
  now: Date,
): Promise<AcceptResult> {
  const storage = deps.storage;
  const offer = await findLinkOffer(storage, userId, started, now);
  if (!offer || offer.activationId !== activationId) {
    return {
      ok: false,
      error:
        "This activation can no longer be linked from here. Click Reauthorize on the integration in the store admin and complete the popup.",
    };
  }
  if (offer.kind === "request") {
    const state = await askToBeLinked(deps, offer.installationId, userId, offer.activationId, now);
    if (state === "verify_sent") return { ok: true, kind: "verify_sent", installationId: offer.installationId };
    if (state !== "pending" && state !== "denied") return { ok: false, error: NOT_FILED_REASONS[state] };
    return { ok: true, kind: "requested", installationId: offer.installationId };
  }
  const claimed = await claimFirstAccount(
    storage,
    offer.installationId,
    offer.activationId,
    userId,
    now,
    "from the Stores page, after the identity popup was left",
  );
  return claimed
    ? { ok: true, kind: "linked", installationId: offer.installationId }
    : { ok: false, error: "Another account linked this store first." };
}
