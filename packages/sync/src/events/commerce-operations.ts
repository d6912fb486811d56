/**
 * What a Commerce webhook answers (docs/store-events.md, "Commerce webhooks"): HTTP 200 with one operation or a
 * list. `success` lets the action go on; `exception` aborts it with the message; `add`/`replace`/`remove` change
 * the event's arguments at `path`.
 */
import { z } from "zod";

export const commerceOperationSchema = z.discriminatedUnion("op", [
  z.object({ op: z.literal("success") }),
  z.object({ op: z.literal("exception"), message: z.string().max(1000), type: z.string().max(200).optional() }),
  z.object({
    op: z.literal("add"),
    path: z.string().min(1).max(500),
    value: z.unknown(),
    instance: z.string().max(200).optional(),
  }),
  z.object({
    op: z.literal("replace"),
    path: z.string().min(1).max(500),
    value: z.unknown(),
    instance: z.string().max(200).optional(),
  }),
  z.object({ op: z.literal("remove"), path: z.string().min(1).max(500) }),
]);

export type CommerceOperation = z.infer<typeof commerceOperationSchema>;

export const COMMERCE_SUCCESS: CommerceOperation = { op: "success" };
