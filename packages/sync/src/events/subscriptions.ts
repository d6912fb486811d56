/**
 * The store's Commerce webhook subscriptions (docs/store-events.md, "Subscriptions"): `GET /V1/webhooks/list`,
 * `POST /V1/webhooks/subscribe`, `POST /V1/webhooks/unsubscribe`, through the installation's signed client.
 * Subscribing is idempotent: a hook already pointing at this installation's URL for the same method is left as
 * it is. A 404 means the store has no webhooks module: the store's edition is then asked (store-edition.ts), and an
 * Open Source store is said to have neither channel; a 401 means the token is not accepted.
 */
import { z } from "zod";
import { MagentoApiError, type MagentoClient } from "@magento-integration/client";
import { adviceFor, type Advice } from "@magento-integration/client/advice";
import { storeEdition } from "./store-edition.ts";

const hookSchema = z
  .object({
    webhook_method: z.string(),
    webhook_type: z.string(),
    batch_name: z.string().optional(),
    hook_name: z.string(),
    url: z.string(),
    timeout: z.union([z.number(), z.string()]).optional(),
    required: z.union([z.boolean(), z.string()]).optional(),
  })
  .loose();
const listSchema = z.array(hookSchema).max(1000);

export type WebhookSubscription = z.infer<typeof hookSchema>;

export const subscribeInputSchema = z.object({
  webhookMethod: z
    .string()
    .trim()
    .regex(
      /^(observer|plugin)\.[a-z0-9_.]{1,200}$/,
      "The webhook method looks like observer.catalog_product_save_after or plugin.magento.catalog.api.product_repository.save.",
    ),
  webhookType: z.enum(["before", "after"]),
  timeoutMs: z.coerce
    .number()
    .int()
    .min(100, "A timeout under 100 ms fails every call.")
    .max(60_000, "At most 60 000 ms.")
    .default(5000),
  required: z.boolean().default(false),
});
export type SubscribeInput = z.infer<typeof subscribeInputSchema>;

export type SubscriptionResult<T> =
  { ok: true; value: T } | { ok: false; advice: Advice; storeMessage?: string; openSource?: boolean };

const BATCH = "app_events";

function failure(e: unknown): SubscriptionResult<never> {
  if (e instanceof MagentoApiError) {
    if (e.status === 404)
      return { ok: false, advice: adviceFor("webhooks_not_installed"), storeMessage: e.renderedMessage };
    if (e.status === 401 || e.status === 403)
      return { ok: false, advice: adviceFor("webhooks_token_refused"), storeMessage: e.renderedMessage };
    return { ok: false, advice: adviceFor("other"), storeMessage: e.renderedMessage };
  }
  throw e;
}

export function webhookSubscriptions(urls: (installationId: string) => { commerceWebhookUrl: string }) {
  const hookName = (method: string) => `app_${method.replace(/[^a-z0-9]+/g, "_")}`.slice(0, 100);

  async function list(client: MagentoClient): Promise<SubscriptionResult<WebhookSubscription[]>> {
    try {
      const res = await client.request<unknown>({ method: "GET", path: "/V1/webhooks/list", storeCode: "all" });
      const parsed = listSchema.safeParse(res.data);
      if (!parsed.success) return { ok: false, advice: adviceFor("bad_response") };
      return { ok: true, value: parsed.data };
    } catch (e) {
      const failed = failure(e);
      if (e instanceof MagentoApiError && e.status === 404 && (await storeEdition(client)) === "open-source")
        return {
          ok: false,
          advice: adviceFor("open_source_no_events"),
          storeMessage: e.renderedMessage,
          openSource: true,
        };
      return failed;
    }
  }

  return {
    list,
    /** Subscribes this installation's URL to a webhook method; twice is the same as once. */
    async subscribe(
      client: MagentoClient,
      installationId: string,
      input: SubscribeInput,
    ): Promise<SubscriptionResult<{ created: boolean }>> {
      const url = urls(installationId).commerceWebhookUrl;
      const existing = await list(client);
      if (!existing.ok) return existing;
      if (
        existing.value.some(
          (h) => h.webhook_method === input.webhookMethod && h.webhook_type === input.webhookType && h.url === url,
        )
      )
        return { ok: true, value: { created: false } };
      try {
        await client.request({
          method: "POST",
          path: "/V1/webhooks/subscribe",
          storeCode: "all",
          body: {
            webhook: {
              webhook_method: input.webhookMethod,
              webhook_type: input.webhookType,
              batch_name: BATCH,
              hook_name: hookName(input.webhookMethod),
              url,
              method: "POST",
              timeout: input.timeoutMs,
              required: input.required,
            },
          },
        });
        return { ok: true, value: { created: true } };
      } catch (e) {
        return failure(e);
      }
    },
    async unsubscribe(
      client: MagentoClient,
      installationId: string,
      hook: { webhookMethod: string; webhookType: "before" | "after" },
    ): Promise<SubscriptionResult<{ removed: boolean }>> {
      const url = urls(installationId).commerceWebhookUrl;
      const existing = await list(client);
      if (!existing.ok) return existing;
      const mine = existing.value.filter(
        (h) => h.webhook_method === hook.webhookMethod && h.webhook_type === hook.webhookType && h.url === url,
      );
      if (mine.length === 0) return { ok: true, value: { removed: false } };
      try {
        for (const h of mine) {
          await client.request({
            method: "POST",
            path: "/V1/webhooks/unsubscribe",
            storeCode: "all",
            body: {
              webhook: {
                webhook_method: h.webhook_method,
                webhook_type: h.webhook_type,
                batch_name: h.batch_name ?? BATCH,
                hook_name: h.hook_name,
              },
            },
          });
        }
        return { ok: true, value: { removed: true } };
      } catch (e) {
        return failure(e);
      }
    },
  };
}
