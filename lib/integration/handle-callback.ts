import type { IntegrationDeps } from "@/lib/integration/deps";
import { parseActivationCallback } from "@/lib/integration/callback-schema";
import { recordCallback } from "@/lib/integration/record-callback";

export type CallbackResult =
  | { status: 400; message: string; field: string }
  | { status: 200; message: string; installationId: string; activationId: string; duplicate: boolean }
  | { status: 409; message: string; installationId: string };

/**
 * The activation POST, transport-free: validate (400 names the field, nothing written), persist, and say which
 * activation to exchange. The caller answers the store first and runs `runExchange` right after.
 */
export async function handleCallbackWith(deps: IntegrationDeps, form: URLSearchParams): Promise<CallbackResult> {
  const parsed = parseActivationCallback(form, { allowPrivate: deps.allowPrivate });
  if (!parsed.ok) {
    deps.log.info({ field: parsed.field }, "activation callback refused");
    return { status: 400, message: parsed.message, field: parsed.field };
  }
  const r = await recordCallback(deps, parsed.value);
  if (r.refused) {
    deps.log.warn({ installationId: r.installationId }, "activation callback refused: consumer secret mismatch");
    return { status: 409, message: r.message, installationId: r.installationId };
  }
  return {
    status: 200,
    message: r.duplicate ? "ok (already received)" : "ok",
    installationId: r.installationId,
    activationId: r.activationId,
    duplicate: r.duplicate,
  };
}
