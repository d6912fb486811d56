import { z } from "zod";
import type { SecretBox, Storage } from "@magento-integration/storage";
import {
  createMagentoClient,
  StoreError,
  storeMessageOf,
  type MagentoClient,
  type MagentoClientOptions,
  type SignatureChoice,
} from "@magento-integration/client";
import { sealedSecretEquals } from "./consumer-secret.ts";
import { MAGENTO_TOKEN } from "./magento-shapes.ts";
import { normaliseStoreBaseUrl } from "./store-url.ts";
import { assertPublicStoreHost, type Lookup } from "@magento-integration/client/net";

/**
 * Manual mode: an integration saved without Callback URL or Identity link gets its four tokens shown in the
 * store admin (Magento `TokensDialog`); the merchant pastes them here. We verify them with one signed call
 * before saving anything. Note: Reauthorize in the store regenerates these tokens and breaks the pasted ones.
 */
const token = (label: string) =>
  z.string().trim().regex(MAGENTO_TOKEN, `${label} must be the 32 characters shown in the store admin`);

export const manualStoreSchema = z.object({
  baseUrl: z.string().trim().min(1, "Store base URL is required").max(2048),
  consumerKey: token("Consumer Key"),
  consumerSecret: token("Consumer Secret"),
  accessToken: token("Access Token"),
  accessTokenSecret: token("Access Token Secret"),
});
export type ManualStoreInput = z.infer<typeof manualStoreSchema>;

export type ManualResult =
  { ok: true; installationId: string } | { ok: false; field?: keyof ManualStoreInput; error: string };

const storeViewsSchema = z
  .array(z.object({ code: z.string().optional(), name: z.string().optional() }).loose())
  .catch([]);

export const KEY_TAKEN_MESSAGE =
  "This consumer key already belongs to a store in this app. If the integration is yours, sign in with the account it is linked to, or click Reauthorize in the store admin and sign in through the popup.";

/**
 * Manual stores one account may hold. A manual store costs its creator nothing (no store admin's Activate), and
 * each one may run exports (lib/verbs/exports.ts MAX_OPEN_EXPORTS each): without a cap one account multiplies the
 * export bounds by as many "stores" as it pastes.
 */
export const MAX_MANUAL_STORES_PER_ACCOUNT = 5;

type ManualDeps = {
  storage: Storage;
  box: SecretBox;
  now: () => Date;
  allowPrivate: boolean;
  lookup?: Lookup;
  fetch: typeof fetch;
};

/**
 * The steps: read the form and the store URL (a public host) → refuse a consumer key someone else holds → verify
 * the tokens with one signed call → save the installation, active, linked to the user.
 */
export async function addManualStoreFor(
  deps: ManualDeps,
  userId: string,
  input: unknown,
  makeClient: (o: MagentoClientOptions) => MagentoClient = createMagentoClient,
): Promise<ManualResult> {
  const form = await readManualForm(deps, input);
  if (!form.ok) return form;
  const { v, url } = form;

  const { storage } = deps;
  const existing = await storage.installations.byConsumerKey(v.consumerKey);
  if (!existing) {
    const manual = (await storage.installations.listForUser(userId)).filter((i) => i.mode === "manual").length;
    if (manual >= MAX_MANUAL_STORES_PER_ACCOUNT) {
      return {
        ok: false,
        error: `This account already has ${manual} stores added by pasting tokens (at most ${MAX_MANUAL_STORES_PER_ACCOUNT}). Remove one from its store page first, or link the store through Activate in its admin.`,
      };
    }
  }
  if (existing) {
    // Pasting tokens for a key the app already knows only refreshes them, for a user already linked to it, on the
    // same store, with the same consumer secret: otherwise anyone could attach themselves to someone's store.
    const sameOwner = (await storage.links.isLinked(existing.id, userId)) && existing.store.baseUrl === url.url;
    if (!sameOwner || !sealedSecretEquals(deps.box, existing.consumerSecretEnc, v.consumerSecret)) {
      return { ok: false, field: "consumerKey", error: KEY_TAKEN_MESSAGE };
    }
  }
  const known = await storage.stores.byBaseUrl(url.url);
  const client = makeClient({
    baseUrl: url.url,
    auth: {
      kind: "oauth",
      consumerKey: v.consumerKey,
      consumerSecret: v.consumerSecret,
      accessToken: v.accessToken,
      accessTokenSecret: v.accessTokenSecret,
    },
    ...(known ? { signature: known.signature } : {}),
    fetch: deps.fetch,
    maxRetries: 0,
  });
  let storeName: string | null = null;
  try {
    const res = await client.request<unknown>({ method: "GET", path: "/V1/store/storeViews" });
    storeName = storeViewsSchema.parse(res.data).find((s) => s.code === "default")?.name ?? null;
  } catch (e) {
    const hint = e instanceof StoreError ? e.hint : undefined;
    return { ok: false, error: `The store refused these tokens: ${storeMessageOf(e)}${hint ? ` — ${hint}` : ""}` };
  }
  const installationId = await saveManualInstallation(deps, userId, {
    v,
    storeBaseUrl: url.url,
    existingId: existing?.id,
    signature: client.signature,
    storeName,
  });
  return { ok: true, installationId };
}

/** The form, checked (zod), and its store URL normalised and resolved to a public host. */
async function readManualForm(
  deps: ManualDeps,
  input: unknown,
): Promise<
  { ok: true; v: ManualStoreInput; url: { url: string } } | { ok: false; field: keyof ManualStoreInput; error: string }
> {
  const parsed = manualStoreSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, field: issue.path[0] as keyof ManualStoreInput, error: issue.message };
  }
  const v = parsed.data;
  const withSlash = /^https?:\/\//i.test(v.baseUrl) ? v.baseUrl : `https://${v.baseUrl}`;
  const url = normaliseStoreBaseUrl(withSlash, { allowPrivate: deps.allowPrivate });
  if (!url.ok) return { ok: false, field: "baseUrl", error: `Store base URL ${url.reason}` };
  const guard = await assertPublicStoreHost(url.url, { allowPrivate: deps.allowPrivate, lookup: deps.lookup });
  if (!guard.ok) return { ok: false, field: "baseUrl", error: guard.reason };
  return { ok: true, v, url };
}

/** The verified tokens, sealed: the store proven with the signature that worked, the installation active and linked. */
async function saveManualInstallation(
  deps: ManualDeps,
  userId: string,
  verified: {
    v: ManualStoreInput;
    storeBaseUrl: string;
    existingId: string | undefined;
    signature: SignatureChoice;
    storeName: string | null;
  },
): Promise<string> {
  const { v, existingId } = verified;
  const now = deps.now();
  return deps.storage.transaction(async (tx) => {
    const store = await tx.stores.markProven(verified.storeBaseUrl, verified.signature, now, verified.storeName);
    const data = {
      storeId: store.id,
      state: "active" as const,
      mode: "manual" as const,
      consumerSecretEnc: deps.box.seal(v.consumerSecret),
      accessTokenEnc: deps.box.seal(v.accessToken),
      accessTokenSecretEnc: deps.box.seal(v.accessTokenSecret),
      activatedAt: now,
      lastSuccessAt: now,
      lastCheckedAt: now,
      provenAt: now,
    };
    const inst = existingId
      ? await tx.installations.replaceManual(existingId, data)
      : await tx.installations.create({ consumerKey: v.consumerKey, ...data });
    await tx.links.link(inst.id, userId);
    await tx.events.add({
      installationId: inst.id,
      kind: "manual_added",
      message: "Tokens pasted in manual mode were verified with a signed GET /V1/store/storeViews and saved.",
      at: now,
    });
    return inst.id;
  });
}
