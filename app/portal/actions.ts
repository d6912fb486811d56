"use server";

import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { canKeepSecret, maskToken, portalConfigSchema, PortalError } from "@magento-integration/handshake/portal";
import { errorsFromZod, type FormState, formValues, saved } from "@/lib/forms";

const SECRET_AGAIN = "Enter the application secret (required again when the base URL or application ID changes)";
import { door } from "@/app/_kit";
import { portalContext } from "./portal-deps";

const SETTINGS_FIELDS = ["baseUrl", "appId", "appSecret", "tokenPath"] as const;

/** Saves the portal settings; every value comes back on an error, the secret too (the user just typed it). */
export async function saveSettings(_prev: FormState, form: FormData): Promise<FormState> {
  const { user, store } = await portalContext();
  const existing = await store.settings(user.id);
  const values = formValues(form, SETTINGS_FIELDS);
  const baseUrl = values.baseUrl!.trim();
  // The stored secret may be kept only for the same portal and app: sent to another URL it would leak to it.
  const keepSecret = existing !== null && canKeepSecret(existing, { baseUrl, appId: values.appId! });
  const parsed = portalConfigSchema
    .extend({ appSecret: keepSecret ? z.string().max(500) : portalConfigSchema.shape.appSecret.min(1, SECRET_AGAIN) })
    .safeParse({ baseUrl, appId: values.appId, appSecret: values.appSecret, tokenPath: values.tokenPath || undefined });
  if (!parsed.success) return { values, ...errorsFromZod(parsed.error) };
  await store.save(user.id, { ...parsed.data, ...(parsed.data.appSecret ? { appSecret: parsed.data.appSecret } : {}) });
  revalidatePath("/portal");
  // the secret is stored now: the form shows it empty again ("leave empty to keep it")
  return saved({ ...values, baseUrl, appSecret: "" }, "Settings saved. The application secret is stored encrypted.");
}

export async function forgetSettings(): Promise<void> {
  const { user, store } = await portalContext();
  await store.remove(user.id);
  redirect("/portal");
}

export type PortalCallResult =
  | { kind: "idle" }
  | {
      kind: "ok";
      token: {
        masked: string;
        accountId: string;
        idField: string;
        expiresInSeconds: number;
        expiresAt: string;
        fromCache: boolean;
      };
      profile?: Record<string, unknown>;
      at: string;
    }
  | { kind: "failed"; message: string; status: number; portalCode?: number };

/** Gets a session token (cached unless "refresh") and, for "profile", the user profile. */
export async function callPortal(_prev: PortalCallResult, form: FormData): Promise<PortalCallResult> {
  const { user, store } = await portalContext();
  const config = await store.config(user.id);
  if (!config) return { kind: "failed", message: "Save the application ID and secret first.", status: 0 };
  const op = String(form.get("op") ?? "token");
  revalidatePath("/portal");
  const client = (await door(user)).portal.client(config);
  try {
    if (op === "profile") {
      const { profile, token } = await client.getProfile();
      const cached = await client.getToken();
      return {
        kind: "ok",
        token: {
          masked: maskToken(token.ust),
          accountId: token.accountId,
          idField: token.idField,
          expiresInSeconds: token.expiresInSeconds,
          expiresAt: new Date(token.expiresAt).toISOString(),
          fromCache: cached.fromCache,
        },
        profile,
        at: new Date().toISOString(),
      };
    }
    const token = await client.getToken({ force: op === "refresh" });
    return {
      kind: "ok",
      token: {
        masked: maskToken(token.ust),
        accountId: token.accountId,
        idField: token.idField,
        expiresInSeconds: token.expiresInSeconds,
        expiresAt: new Date(token.expiresAt).toISOString(),
        fromCache: token.fromCache,
      },
      at: new Date().toISOString(),
    };
  } catch (e) {
    if (e instanceof PortalError)
      return {
        kind: "failed",
        message: e.message,
        status: e.status,
        ...(e.portalCode !== undefined ? { portalCode: e.portalCode } : {}),
      };
    return { kind: "failed", message: (e as Error).message, status: 0 };
  }
}
