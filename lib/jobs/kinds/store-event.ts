/**
 * One verified store event (packages/sync/src/events/intake.ts stored it, sealed): an event about a synced record refreshes
 * that record through the sync path (EventHandlers.refreshRecord), every other one reaches the raw-event handler.
 * The delivery's outcome becomes `handled` or, after the last attempt, `failed` with the reason.
 */
import { z } from "zod";
import {
  STORE_EVENT_JOB,
  commerceWebhookSchema,
  ioCloudEventSchema,
  parseJson,
  entityOfEvent,
  recordIdentity,
  type StoreEvent,
} from "@magento-integration/sync/events";
import { defineJob, type JobKind, type JobModule } from "@magento-integration/storage/jobs";
import type { JobServices } from "./services";

export { STORE_EVENT_JOB };

export function storeEventJobs(s: JobServices): JobKind[] {
  return [
    defineJob({
      kind: STORE_EVENT_JOB,
      schema: z.object({ deliveryId: z.string().min(1) }),
      async run({ deliveryId }) {
        const delivery = await s.storage.storeEvents.byId(deliveryId);
        if (!delivery?.bodyEnc || !delivery.installationId) return { output: { skipped: "delivery gone" } };
        // a repeat of the delivery may have sent a second job (packages/sync/src/events/intake.ts, `repeated`): handled once
        if (delivery.outcome === "handled") return { output: { skipped: "already handled" } };
        const text = s.box.open(delivery.bodyEnc);
        const parsed =
          delivery.channel === "commerce"
            ? (() => {
                const p = parseJson(commerceWebhookSchema, text);
                return p && { name: p.eventName, data: p.data as unknown };
              })()
            : (() => {
                const p = parseJson(ioCloudEventSchema, text);
                return p && { name: p.type, data: p.data };
              })();
        if (!parsed) {
          await s.storage.storeEvents.setOutcome(deliveryId, "failed", "stored body no longer parses");
          return { output: { failed: "unparseable" } };
        }
        const event: StoreEvent = {
          installationId: delivery.installationId,
          channel: delivery.channel,
          deliveryId,
          name: parsed.name,
          data: parsed.data,
          receivedAt: delivery.receivedAt,
        };
        const handlers = s.eventHandlers();
        const entity = entityOfEvent(parsed.name);
        const identity = entity ? recordIdentity(entity, parsed.data) : null;
        let how: string;
        if (entity && identity && handlers.refreshRecord) {
          await handlers.refreshRecord({ installationId: delivery.installationId, entity, identity });
          how = `refreshed ${entity} ${identity}`;
        } else if (handlers.onRawEvent) {
          await handlers.onRawEvent(event);
          how = "raw-event handler";
        } else {
          how = "no handler declared";
        }
        await s.storage.storeEvents.setOutcome(deliveryId, "handled", how, { at: s.now() });
        return { output: { handled: how } };
      },
      async onFailed({ deliveryId }, message) {
        await s.storage.storeEvents.setOutcome(deliveryId, "failed", message);
      },
    }),
  ];
}

/** Store events: registered by createKit (lib/kit.ts). */
export const storeEventJobModule: JobModule<JobServices> = {
  labels: { [STORE_EVENT_JOB]: "Store event" },
  kinds: storeEventJobs,
};
