"use server";

import { door } from "@/app/_kit";
import { failed, type FormState, saved } from "@/lib/forms";

/** The button of a link request's verification mail: files the request as verified, or says why not. */
export async function verifyLinkRequestAction(token: string, _prev: FormState, _form: FormData): Promise<FormState> {
  const r = await (await door()).identity.verifyLinkRequest(token);
  if (!r.ok) return failed({}, r.error);
  return saved(
    {},
    r.state === "linked"
      ? `Your account is already linked to ${r.storeHost}: it is under Stores.`
      : `Request sent: the people linked to ${r.storeHost} see it now. Once one of them approves it, the store appears under Stores for you.`,
  );
}
