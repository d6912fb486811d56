"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { MagentoApiError, MagentoOAuthError } from "@/lib/magento";
import { readStoreSchemaAsAdmin } from "@/lib/kit";
import { loadStore } from "../_lib/store-context";
import { rememberSchema } from "./schema-cache";

export type SchemaFormState = { error?: string };

const input = z.object({ username: z.string().trim().min(1, "Enter the admin user name"), password: z.string().min(1, "Enter the password") });

/**
 * Reads GET /rest/default/schema with an admin bearer token (what most stores require). The credentials are
 * used once and never stored; only the list of routes is kept, in memory, for this installation.
 */
export async function readSchemaAsAdmin(installationId: string, returnTo: string, _prev: SchemaFormState, form: FormData): Promise<SchemaFormState> {
  const { store } = await loadStore(installationId);
  const parsed = input.safeParse({ username: form.get("username"), password: form.get("password") });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Enter the admin credentials" };
  try {
    const schema = await readStoreSchemaAsAdmin(store.baseUrl, parsed.data.username, parsed.data.password);
    const info = rememberSchema(store.installationId, schema);
    if (!info.keys) return { error: info.reason ?? "The store's answer was not a schema." };
  } catch (e) {
    if (e instanceof MagentoApiError || e instanceof MagentoOAuthError) {
      return { error: `The store answered ${e.status || "nothing"}: ${e instanceof MagentoApiError ? e.renderedMessage : (e.storeMessage ?? e.message)}` };
    }
    return { error: (e as Error).message };
  }
  redirect(returnTo.startsWith(`/stores/${installationId}/explorer`) ? returnTo : `/stores/${installationId}/explorer`);
}
