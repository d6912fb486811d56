"use server";

import { redirect } from "next/navigation";
import { door, requireUser } from "@/app/_kit";

/** "Link <host>" on /stores: re-checked from scratch on the server before anything is linked. */
export async function acceptLinkOfferAction(form: FormData): Promise<void> {
  const user = await requireUser("/stores");
  const r = await (await door(user)).identity.acceptLinkOffer(String(form.get("activation") ?? ""));
  if (!r.ok) redirect(`/stores?offer=gone`);
  redirect(
    r.kind === "linked"
      ? `/stores/${encodeURIComponent(r.installationId)}`
      : r.kind === "verify_sent"
        ? "/stores?offer=verify"
        : "/stores?offer=requested",
  );
}
