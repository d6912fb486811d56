/** The two channels' payloads, checked after the signature verified (docs/store-events.md, "What a delivery carries"). */
import { z } from "zod";

const name = z.string().min(1).max(255);

/** A Commerce webhook: `{"eventName": "...", "data": {...}}`. */
export const commerceWebhookSchema = z.object({ eventName: name, data: z.record(z.string(), z.unknown()) }).loose();

/** An I/O Events delivery: a CloudEvents 1.0 envelope with Adobe's `event_id` and `recipient_client_id`. */
export const ioCloudEventSchema = z
  .object({
    specversion: z.string().optional(),
    id: z.string().max(255).optional(),
    event_id: z.string().min(1).max(255).optional(),
    type: name,
    recipient_client_id: z.string().min(1).max(255),
    data: z.unknown(),
  })
  .loose()
  .refine((e) => e.event_id !== undefined || e.id !== undefined, "the CloudEvent has neither event_id nor id");

export type CommerceWebhook = z.infer<typeof commerceWebhookSchema>;
export type IoCloudEvent = z.infer<typeof ioCloudEventSchema>;

/** Parses JSON text against a schema; null when it is not JSON or does not fit. */
export function parseJson<T>(schema: z.ZodType<T>, text: string): T | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const r = schema.safeParse(value);
  return r.success ? r.data : null;
}
