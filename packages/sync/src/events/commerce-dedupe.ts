/**
 * The de-duplication key of a Commerce webhook (docs/store-events.md, "No delivery id"). Commerce sends no
 * delivery id and never retries, so a second copy is either the store doing the same thing twice or a replay of a
 * captured, validly signed body. The event's own identity is the entity it names (`entity_id`, else `id`) and
 * its `updated_at`: when the payload carries both, the key is those plus the body's digest, with no time window,
 * so a copy is recognised for as long as deliveries are kept (a new save has a new `updated_at`; two different
 * bodies in the same second stay two events). A payload without them cannot be told apart from a genuine repeat,
 * so its copies are folded within DEDUPE_WINDOW_MS only.
 */
import { createHash } from "node:crypto";
import type { CommerceWebhook } from "./payloads.ts";

export const DEDUPE_WINDOW_MS = 60_000;

const scalar = (v: unknown): string | null =>
  (typeof v === "string" && v.length > 0 && v.length <= 64) || (typeof v === "number" && Number.isFinite(v))
    ? String(v)
    : null;

/** The entity a webhook names: Commerce puts it under its own name in `data` (`{"product": {…}}`). */
function eventIdentity(payload: CommerceWebhook): { id: string; updatedAt: string } | null {
  for (const value of Object.values(payload.data)) {
    if (!value || typeof value !== "object" || Array.isArray(value)) continue;
    const entity = value as Record<string, unknown>;
    const id = scalar(entity.entity_id) ?? scalar(entity.id);
    const updatedAt = scalar(entity.updated_at);
    if (id && updatedAt) return { id, updatedAt };
  }
  return null;
}

export function commerceDedupeKey(payload: CommerceWebhook, body: Buffer, at: Date): string {
  const digest = createHash("sha256").update(body).digest("hex");
  const identity = eventIdentity(payload);
  if (identity) return `event:${identity.id}@${identity.updatedAt}:${digest}`.slice(0, 255);
  return `${digest}@${Math.floor(at.getTime() / DEDUPE_WINDOW_MS)}`;
}
