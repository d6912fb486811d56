"use server";

import { redirect } from "next/navigation";
import { door, requireUser } from "@/app/_kit";
import { identityLinkPath } from "@magento-integration/handshake";

/** Back to the identity page with the same two query parameters Magento sent. */
function identityPath(form: FormData): string {
  const q = new URLSearchParams({
    oauth_consumer_key: String(form.get("oauth_consumer_key") ?? ""),
    success_call_back: String(form.get("success_call_back") ?? ""),
  });
  return identityLinkPath(q);
}

/**
 * "Link this store": a POST (Next checks its Origin), so another site cannot link a store to a signed-in user.
 * The consent names the activation the page showed; if the store posted a newer one meanwhile, the page asks again.
 */
export async function confirmLink(form: FormData): Promise<void> {
  const here = identityPath(form);
  await requireUser(here);
  await (
    await door()
  ).identity.grantConsent(String(form.get("oauth_consumer_key") ?? ""), String(form.get("activation") ?? ""));
  redirect(here);
}

/** "Use another account": sign out, then sign in (or up) inside the popup, which links that account. */
export async function switchAccount(form: FormData): Promise<void> {
  await (await door()).auth.signOut();
  redirect(`/login?next=${encodeURIComponent(identityPath(form))}`);
}
