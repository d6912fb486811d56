"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { MagentoApiError, MagentoOAuthError } from "@magento-integration/client";
import { loadStore } from "@/app/_kit";
import { rememberSchema } from "./schema-cache";
import { failed, type FormState, parseForm } from "@/lib/forms";

const input = z.object({
  username: z.string().trim().min(1, "Enter the admin user name"),
  password: z.string().min(1, "Enter the admin password"),
});

/**
 * Reads GET /rest/default/schema with an admin bearer token (what most stores require). The credentials are
 * used once and never stored; only the list of routes is kept, in memory, for this installation.
 */
export async function readSchemaAsAdmin(
  installationId: string,
  returnTo: string,
  _prev: FormState,
  form: FormData,
): Promise<FormState> {
  const { store, door } = await loadStore(installationId);
  const parsed = parseForm(input, form, ["username", "password"]);
  if (!parsed.ok) return parsed.state;
  const values = parsed.values;
  try {
    const schema = await door.stores.readSchemaAsAdmin(store.baseUrl, parsed.data.username, parsed.data.password);
    const info = rememberSchema(store.installationId, schema);
    if (!info.keys) return failed(values, info.reason ?? "The store's answer was not a schema.");
  } catch (e) {
    if (e instanceof MagentoApiError || e instanceof MagentoOAuthError) {
      const said = e instanceof MagentoApiError ? e.renderedMessage : (e.storeMessage ?? e.message);
      // a 401 from the admin token endpoint is about these credentials: say so next to the password
      return failed(
        values,
        `The store answered ${e.status || "nothing"}: ${said}`,
        e.status === 401 ? "password" : undefined,
      );
    }
    return failed(values, (e as Error).message);
  }
  redirect(returnTo.startsWith(`/stores/${installationId}/explorer`) ? returnTo : `/stores/${installationId}/explorer`);
}
