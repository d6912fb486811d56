/**
 * What a forker plugs into store events (createKit({ events })). One handler serves both channels:
 * - `refreshRecord`: the sync path. An event naming a synced entity (products, orders, customers, stock) refreshes
 *   that one record through it, so a push and a poll end in the same mirror and the same handlers. The kit wires
 *   it to the delta-sync engine when one is present; until then such events reach `onRawEvent` too.
 * - `onRawEvent`: every other event name (and synced ones while no sync path is wired).
 * - `decisionHooks`: Commerce webhooks whose answer decides the store's action (refuse an add-to-cart, say). They
 *   run inline, inside the store's request, under the hook's own time budget; a hook that throws or runs out of
 *   time fails open (the store goes on) or closed (the store's action is refused), as the hook declares.
 */
import type { CommerceOperation } from "./commerce-operations.ts";
import type { EventChannel } from "@magento-integration/storage";

export type SyncedEntity = "products" | "orders" | "customers" | "stock";

/** One record to refresh through the sync path. */
export interface RecordRef {
  installationId: string;
  entity: SyncedEntity;
  /** The record's identity in the store: a product's SKU, an order's or customer's entity id. */
  identity: string;
}

/** A verified delivery, as handlers see it. */
export interface StoreEvent {
  installationId: string;
  channel: EventChannel;
  /** The stored delivery's id (a decision hook's delivery past the stored-events budget is not stored: no row has it). */
  deliveryId: string;
  /** Commerce: `eventName` (e.g. `observer.catalog_product_save_after`); I/O: the CloudEvent `type`. */
  name: string;
  /** Commerce: `data`; I/O: the CloudEvent's `data` (`value`, `_metadata`, …). */
  data: unknown;
  receivedAt: Date;
}

export interface DecisionHook {
  /** The webhook's `eventName` as the store sends it, e.g. `plugin.magento.checkout.api.cart_item_repository.save`. */
  eventName: string;
  /** The most this hook may take, ms; keep it well under the hook's `timeout` in the store. */
  budgetMs: number;
  /** When the hook throws or runs out of time: `open` lets the store's action go on, `closed` refuses it. */
  failure: "open" | "closed";
  /** The message the store shows when the hook fails closed. */
  failureMessage?: string;
  decide(event: StoreEvent): Promise<CommerceOperation | CommerceOperation[]>;
}

export interface EventHandlers {
  refreshRecord?: (ref: RecordRef) => Promise<void>;
  onRawEvent?: (event: StoreEvent) => Promise<void>;
  decisionHooks?: readonly DecisionHook[];
}
