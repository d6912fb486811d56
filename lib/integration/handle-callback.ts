import type { IntegrationDeps } from "@/lib/integration/deps";
import { parseActivationCallback } from "@/lib/integration/callback-schema";
import { recordCallback } from "@/lib/integration/record-callback";

export type CallbackResult =
  | { status: 400; message: string; field: string }
  | { status: 429; message: string; retryAfterSeconds: number }
  /** `exchange`: run `runExchange(activationId)` after answering. False for a replay and for a refused callback. */
  | { status: 200; message: string; exchange: true; installationId: string; activationId: string }
  | { status: 200; message: string; exchange: false };

/** What every accepted or refused callback hears: Magento ignores the answer, and a forger learns nothing from it. */
export const CALLBACK_OK = "ok";

/**
 * The activation POST, transport-free: rate-limit (before reading anything), validate (400 names the field,
 * nothing written), persist, and say which activation to exchange. The caller answers the store first and runs
 * `runExchange` right after. A callback that contradicts the consumer key's binding is refused silently
 * (same answer as an accepted one): see record-callback.ts and docs/security.md.
 */
export async function handleCallbackWith(
  deps: IntegrationDeps,
  form: URLSearchParams,
  opts: { client?: string } = {},
): Promise<CallbackResult> {
  const parsed = parseActivationCallback(form, { allowPrivate: deps.allowPrivate });
  if (!parsed.ok) {
    deps.log.info({ field: parsed.field }, "activation callback refused");
    return { status: 400, message: parsed.message, field: parsed.field };
  }
  const limit = deps.callbackLimiter?.take(parsed.value.consumerKey, opts.client, deps.now().getTime());
  if (limit && !limit.ok) {
    return {
      status: 429,
      message: `Too many activation callbacks; try again in ${limit.retryAfterSeconds} s.`,
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  }
  const r = await recordCallback(deps, parsed.value);
  if (r.refused) {
    if (r.firstInWindow) deps.log.warn({ installationId: r.installationId }, "activation callback refused: it contradicts the consumer key's binding");
    return { status: 200, message: CALLBACK_OK, exchange: false };
  }
  if (r.duplicate) return { status: 200, message: CALLBACK_OK, exchange: false };
  return { status: 200, message: CALLBACK_OK, exchange: true, installationId: r.installationId, activationId: r.activationId };
}
