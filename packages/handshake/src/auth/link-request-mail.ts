/**
 * The mail that proves a link request's requester reads his account's address, from the `account.mail` job: a
 * single-use link (packages/handshake/src/auth/mailed-links.ts) to /integration/verify, whose page files the request when its button
 * is pressed (packages/handshake/src/integration/link-request-verification.ts). Until then nothing is filed and no linked user sees
 * anything. A newer mail for the same store replaces the older link.
 * Sent once: a popup reloaded while this job ran queues a second one (same job key, so it runs after this one); it
 * finds the link this one mailed still live and sends nothing. A link whose mail the server refused is spent at
 * once, so the retry mails a new one.
 */
import type { Storage } from "@magento-integration/storage";
import type { Mailer } from "../mail/mailer.ts";
import { issueMailedLink, MAILED_LINK_TTL_MS, spendMailedLink } from "./mailed-links.ts";

export async function mailLinkRequestVerification(
  deps: { storage: Storage; mailer: Mailer; appUrl: string; now: () => Date },
  request: { userId: string; installationId: string; activationId: string },
): Promise<"sent" | "gone" | "already_sent"> {
  const now = deps.now();
  if (await deps.storage.mailedLinks.liveFor(request.userId, "link_request", request.installationId, now))
    return "already_sent";
  const user = await deps.storage.users.byId(request.userId);
  const inst = await deps.storage.installations.byId(request.installationId);
  if (!user || !inst) return "gone";
  const token = await issueMailedLink(deps.storage, { purpose: "link_request", ...request }, now);
  const host = new URL(inst.store.baseUrl).host;
  const sent = await deps.mailer.send({
    to: user.email,
    subject: `Confirm your request to be linked to ${host}`,
    text: [
      `You (or someone signed in as ${user.email}) asked to be linked to the store ${host} in the Magento Integration Kit.`,
      "The people already linked to that store decide; they see your request, with this address marked as verified,",
      "only once you confirm it here (the link works once, for " + `${MAILED_LINK_TTL_MS / 60000} minutes):`,
      `${deps.appUrl}/integration/verify?${new URLSearchParams({ token }).toString()}`,
      "",
      "If it was not you, ignore this message: no request is filed. Then change your password, someone used your account.",
    ].join("\n"),
  });
  if (sent.sent === false) {
    await spendMailedLink(deps.storage, token, "link_request", now);
    throw new Error(sent.reason);
  }
  return "sent";
}
