/**
 * The Adobe Commerce webhooks module, as the dev store plays it (`--edition commerce`): subscriptions (admin page,
 * JSON API and `/V1/webhooks/*`), the instance's key pair ("Regenerate key pair"), and synchronous calls. A call
 * POSTs `{"eventName", "data"}` signed like Commerce (`x-adobe-commerce-webhook-signature`: base64 RSA-SHA256 over
 * the base64 text of the body), waits at most the hook's `timeout`, and honours the answer: `exception` aborts
 * the store's action with the hook's message; a failed required hook aborts it with the fallback message; a
 * failed optional hook is logged and skipped. Nothing is retried.
 */
import { generateKeyPairSync, sign, type KeyObject } from "node:crypto";
import { z } from "zod";

export const webhookSchema = z.object({
  webhook_method: z.string().regex(/^(observer|plugin)\.[a-z0-9_.]+$/),
  webhook_type: z.enum(["before", "after"]),
  batch_name: z.string().min(1).default("default"),
  batch_order: z.coerce.number().int().default(0),
  hook_name: z.string().min(1),
  url: z.url({ protocol: /^https?$/ }),
  priority: z.coerce.number().int().default(0),
  required: z.coerce.boolean().default(true),
  timeout: z.coerce.number().int().min(0).default(0),
  soft_timeout: z.coerce.number().int().min(0).optional(),
  method: z.enum(["POST", "PUT"]).default("POST"),
  fallback_error_message: z.string().default("The action could not be completed."),
});
export type Webhook = z.infer<typeof webhookSchema>;

export interface WebhookCallRecord {
  hook_name: string;
  url: string;
  eventName: string;
  status: number | "timeout" | "error";
  answer: string;
  at: number;
}

/** Thrown to abort the store's action (the REST layer answers 400 with the message). */
export class WebhookAbort extends Error {
  override readonly name = "WebhookAbort";
}

export class CommerceWebhooks {
  private hooks: Webhook[] = [];
  private privateKey: KeyObject;
  publicKeyPem: string;
  signing = true;
  readonly calls: WebhookCallRecord[] = [];

  constructor(private readonly nowMs: () => number) {
    ({ privateKey: this.privateKey, publicKeyPem: this.publicKeyPem } = newPair());
  }

  regenerateKeyPair(): string {
    ({ privateKey: this.privateKey, publicKeyPem: this.publicKeyPem } = newPair());
    return this.publicKeyPem;
  }

  list(): Webhook[] {
    return this.hooks.map((h) => ({ ...h }));
  }

  /** Adds a hook, or replaces the one with the same method, type, batch and name (as Commerce does). */
  subscribe(input: unknown): Webhook {
    const hook = webhookSchema.parse(input);
    this.hooks = this.hooks.filter((h) => !sameHook(h, hook));
    this.hooks.push(hook);
    return hook;
  }

  unsubscribe(input: {
    webhook_method: string;
    webhook_type: string;
    batch_name?: string;
    hook_name: string;
  }): boolean {
    const before = this.hooks.length;
    this.hooks = this.hooks.filter(
      (h) =>
        !(
          h.webhook_method === input.webhook_method &&
          h.webhook_type === input.webhook_type &&
          h.hook_name === input.hook_name &&
          (input.batch_name === undefined || h.batch_name === input.batch_name)
        ),
    );
    return this.hooks.length < before;
  }

  clear(): void {
    this.hooks = [];
    this.calls.length = 0;
  }

  /** What Commerce signs: RSA-SHA256 (PKCS#1 v1.5) over the base64 text of the body. */
  signBody(body: string): string {
    return sign("sha256", Buffer.from(Buffer.from(body).toString("base64")), this.privateKey).toString("base64");
  }

  /** Calls every hook of `webhookMethod`/`type`, batch by batch (a batch in parallel); throws WebhookAbort to abort. */
  async dispatch(webhookMethod: string, type: "before" | "after", data: Record<string, unknown>): Promise<void> {
    const matching = this.hooks.filter((h) => h.webhook_method === webhookMethod && h.webhook_type === type);
    const batches = [...new Set(matching.sort((a, b) => a.batch_order - b.batch_order).map((h) => h.batch_name))];
    for (const batch of batches) {
      const hooks = matching.filter((h) => h.batch_name === batch).sort((a, b) => b.priority - a.priority);
      const results = await Promise.all(hooks.map((h) => this.call(h, { eventName: webhookMethod, data })));
      const abort = results.find((r) => r !== null);
      if (abort) throw new WebhookAbort(abort);
    }
  }

  /** One hook call: null when the action may go on, else the message it is aborted with. */
  private async call(
    hook: Webhook,
    payload: { eventName: string; data: Record<string, unknown> },
  ): Promise<string | null> {
    const body = JSON.stringify(payload);
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (this.signing) headers["x-adobe-commerce-webhook-signature"] = this.signBody(body);
    const record = (status: WebhookCallRecord["status"], answer: string) =>
      this.calls.push({
        hook_name: hook.hook_name,
        url: hook.url,
        eventName: payload.eventName,
        status,
        answer: answer.slice(0, 500),
        at: this.nowMs(),
      }) > 200 && this.calls.shift();
    const failed = () => (hook.required ? hook.fallback_error_message : null);
    try {
      const res = await fetch(hook.url, {
        method: hook.method,
        headers,
        body,
        redirect: "manual",
        ...(hook.timeout > 0 ? { signal: AbortSignal.timeout(hook.timeout) } : {}),
      });
      const text = (await res.text()).slice(0, 64 * 1024);
      record(res.status, text);
      if (res.status !== 200) return failed();
      let ops: unknown;
      try {
        ops = JSON.parse(text);
      } catch {
        return failed();
      }
      for (const op of Array.isArray(ops) ? ops : [ops]) {
        if (op && typeof op === "object" && (op as { op?: unknown }).op === "exception") {
          const message = (op as { message?: unknown }).message;
          return typeof message === "string" && message !== "" ? message : hook.fallback_error_message;
        }
      }
      return null;
    } catch (e) {
      record((e as Error).name === "TimeoutError" ? "timeout" : "error", (e as Error).message);
      return failed();
    }
  }
}

function sameHook(a: Webhook, b: Webhook): boolean {
  return (
    a.webhook_method === b.webhook_method &&
    a.webhook_type === b.webhook_type &&
    a.batch_name === b.batch_name &&
    a.hook_name === b.hook_name
  );
}

function newPair(): { privateKey: KeyObject; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return { privateKey, publicKeyPem: publicKey.export({ type: "spki", format: "pem" }).toString() };
}
