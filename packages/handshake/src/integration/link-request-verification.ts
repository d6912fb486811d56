/**
 * The page a link request's verification mail opens (/integration/verify). Opening it changes nothing (mail
 * scanners open every link): it names the store and asks for a button press. The press (a POST) spends the
 * single-use link and files the request as verified, in one transaction, after the caps are checked again; only
 * then do the store's linked users see it, marked "email verified" with the time. A request the caps refuse at
 * that moment is not filed and the link stays usable until it expires, so the requester can try again once a
 * place is free.
 */
import { MAILED_LINK_PROBLEMS, readMailedLink, spendMailedLink } from "../auth/mailed-links.ts";
import type { Storage } from "@magento-integration/storage";
import { fileLinkRequest, linkRequestRefusal, type NotFiled } from "./identity.ts";

export type LinkRequestLink = { ok: true; storeHost: string; email: string } | { ok: false; error: string };

/** What the link would do (the page before the button). */
export async function linkRequestLinkState(storage: Storage, token: string, now: Date): Promise<LinkRequestLink> {
  const read = await readMailedLink(storage, token, "link_request", now);
  if (!read.ok) return { ok: false, error: MAILED_LINK_PROBLEMS[read.linkState] };
  const inst = read.link.installationId ? await storage.installations.byId(read.link.installationId) : null;
  const user = await storage.users.byId(read.link.userId);
  if (!inst || !user) return { ok: false, error: MAILED_LINK_PROBLEMS.unknown };
  return { ok: true, storeHost: new URL(inst.store.baseUrl).host, email: user.email };
}

export type VerifyOutcome =
  | { ok: true; state: "pending" | "linked"; storeHost: string }
  | { ok: false; state: "denied" | NotFiled | "link"; error: string };

/** The button: files the verified request (or says why not). */
export async function verifyLinkRequest(storage: Storage, token: string, now: Date): Promise<VerifyOutcome> {
  return storage.transaction(async (tx) => {
    const read = await readMailedLink(tx, token, "link_request", now);
    if (!read.ok) return { ok: false, state: "link", error: MAILED_LINK_PROBLEMS[read.linkState] };
    const { userId, installationId, activationId } = read.link;
    const inst = installationId ? await tx.installations.byId(installationId) : null;
    if (!inst || !activationId) return { ok: false, state: "link", error: MAILED_LINK_PROBLEMS.unknown };
    const storeHost = new URL(inst.store.baseUrl).host;
    if (await tx.links.isLinked(inst.id, userId)) {
      await spendMailedLink(tx, token, "link_request", now);
      return { ok: true, state: "linked", storeHost };
    }
    const refused = await linkRequestRefusal(tx, inst.id, userId, activationId);
    if (refused === "pending") {
      await spendMailedLink(tx, token, "link_request", now);
      return { ok: true, state: "pending", storeHost };
    }
    if (refused) return { ok: false, state: refused, error: REFUSED[refused] };
    const spent = await spendMailedLink(tx, token, "link_request", now);
    if (!spent.ok) return { ok: false, state: "link", error: MAILED_LINK_PROBLEMS[spent.linkState] };
    const filed = await fileLinkRequest({ storage: tx }, inst.id, userId, activationId, now);
    if (filed !== "pending") return { ok: false, state: filed, error: REFUSED[filed] };
    return { ok: true, state: "pending", storeHost };
  });
}

const REFUSED: Record<"denied" | NotFiled, string> = {
  denied:
    "A person linked to this store already declined your request. Ask them to approve you from the store's pages.",
  store_full:
    "Your request was not filed: this store has too many open link requests. Ask a person linked to the store to answer them, then follow this link again (it works for 30 minutes).",
  activation_full:
    "Your request was not filed: too many accounts already asked through this activation. Ask a store admin to click Reauthorize on the integration, then complete its popup yourself.",
  no_mail: "Your request was not filed: this app cannot send mail.",
  requester_busy: "Your request was not filed: this account asked to be linked too often. Try again later.",
};
