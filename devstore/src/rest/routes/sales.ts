import type { Order, StatusHistory, StoreData } from "../../data/index";
import { badRequest, entityNotFound } from "../errors";
import type { RouteContext, RouteDef } from "../route";
import { parseSearchCriteria, readRecordField, runSearch, type SearchCriteria } from "../search-criteria";
import { intParam, nowText, requireObject, toInt, toStr } from "./input";

const VIEW = "Magento_Sales::actions_view";

function requireOrder(data: StoreData, id: number): Order {
  const o = data.orders.get(id);
  if (!o) throw entityNotFound();
  return o;
}

// Order state rules (Magento\Sales\Model\Order::canHold / canUnhold / canCancel).
const FINAL_STATES = new Set(["canceled", "complete", "closed"]);

function canHold(o: Order): boolean {
  return !FINAL_STATES.has(o.state) && o.state !== "holded" && o.state !== "payment_review";
}

function canUnhold(o: Order): boolean {
  return o.state === "holded";
}

function canCancel(o: Order): boolean {
  if (FINAL_STATES.has(o.state) || o.state === "holded" || o.state === "payment_review") return false;
  // Nothing left to cancel once every item is invoiced.
  return o.items.some((i) => i.qty_ordered - i.qty_invoiced - i.qty_canceled > 0);
}

function addHistory(ctx: RouteContext, o: Order, comment: string, extra: Partial<StatusHistory> = {}): StatusHistory {
  const h: StatusHistory = {
    entity_id: ctx.data.nextId("history"),
    parent_id: o.entity_id,
    comment,
    created_at: nowText(ctx.now),
    entity_name: "order",
    is_customer_notified: 0,
    is_visible_on_front: 0,
    status: o.status,
    ...extra,
  };
  o.status_histories.unshift(h);
  o.updated_at = h.created_at;
  return h;
}

function readOrderField(o: Order, field: string): unknown {
  if (field === "id") return o.entity_id;
  return readRecordField(o, field);
}

function listRoute<T extends Record<string, unknown>>(
  path: string, service: string, acl: string, summary: string, pick: (d: StoreData) => Map<number, T>, returns: string,
): RouteDef {
  return {
    method: "GET", path, service, operation: "getList", aclResource: acl, summary, searchCriteria: true, returns,
    handler: (ctx) => runSearch(pick(ctx.data).values(), parseSearchCriteria(ctx.query, { inputLimits: ctx.inputLimits }), (r, f) => (f === "id" ? r.entity_id : readRecordField(r, f))),
  };
}

function getRoute<T>(path: string, param: string, service: string, acl: string, summary: string, pick: (d: StoreData) => Map<number, T>, returns: string): RouteDef {
  return {
    method: "GET", path, service, operation: "get", aclResource: acl, summary, returns,
    handler: (ctx) => {
      const r = pick(ctx.data).get(intParam(ctx.params, param));
      if (!r) throw entityNotFound();
      return r;
    },
  };
}

const orderAction = (path: string, operation: string, acl: string, summary: string, run: (ctx: RouteContext, o: Order) => boolean): RouteDef => ({
  method: "POST", path, service: "salesOrderManagementV1", operation, aclResource: acl, summary, returns: "boolean",
  handler: (ctx) => run(ctx, requireOrder(ctx.data, intParam(ctx.params, "id"))),
});

export const salesRoutes: RouteDef[] = [
  {
    method: "GET", path: "/V1/orders", service: "salesOrderRepositoryV1", operation: "getList", aclResource: VIEW,
    summary: "Lists orders that match specified search criteria", searchCriteria: true, returns: "{items: Order[], search_criteria, total_count}",
    handler: (ctx) => ctx.search("orders", () => ctx.data.orders.values(), readOrderField),
  },
  getRoute("/V1/orders/:id", "id", "salesOrderRepositoryV1", VIEW, "Loads a specified order", (d) => d.orders, "Order"),
  {
    method: "GET", path: "/V1/orders/:id/statuses", service: "salesOrderManagementV1", operation: "getStatus", aclResource: VIEW,
    summary: "Gets the status for a specified order", returns: "string",
    handler: (ctx) => requireOrder(ctx.data, intParam(ctx.params, "id")).status,
  },
  {
    method: "GET", path: "/V1/orders/:id/comments", service: "salesOrderManagementV1", operation: "getCommentsList", aclResource: VIEW,
    summary: "Lists comments for a specified order", returns: "{items: StatusHistory[], total_count}",
    handler: (ctx) => {
      const o = requireOrder(ctx.data, intParam(ctx.params, "id"));
      const criteria: SearchCriteria = { filter_groups: [] };
      return { items: o.status_histories, search_criteria: criteria, total_count: o.status_histories.length };
    },
  },
  {
    method: "POST", path: "/V1/orders/:id/comments", service: "salesOrderManagementV1", operation: "addComment", aclResource: "Magento_Sales::comment",
    summary: "Adds a comment to a specified order",
    body: [{ name: "statusHistory", type: "object", required: true, description: "{comment, is_customer_notified, is_visible_on_front, status}" }],
    returns: "boolean",
    handler: (ctx) => {
      const o = requireOrder(ctx.data, intParam(ctx.params, "id"));
      const input = requireObject(ctx.body, "statusHistory");
      const status = input.status === undefined || input.status === null || input.status === "" ? o.status : toStr(input.status);
      o.status = status;
      addHistory(ctx, o, input.comment === undefined ? "" : toStr(input.comment), {
        status,
        is_customer_notified: input.is_customer_notified === undefined ? 0 : toInt(input.is_customer_notified),
        is_visible_on_front: input.is_visible_on_front === undefined ? 0 : toInt(input.is_visible_on_front),
      });
      return true;
    },
  },
  orderAction("/V1/orders/:id/hold", "hold", "Magento_Sales::hold", "Holds a specified order", (ctx, o) => {
    if (!canHold(o)) throw badRequest("A hold action is not available.");
    o.hold_before_state = o.state;
    o.hold_before_status = o.status;
    o.state = "holded";
    o.status = "holded";
    o.updated_at = nowText(ctx.now);
    return true;
  }),
  orderAction("/V1/orders/:id/unhold", "unHold", "Magento_Sales::unhold", "Releases a specified order from hold status", (ctx, o) => {
    if (!canUnhold(o)) throw badRequest("You can't remove the hold.");
    o.state = o.hold_before_state ?? "processing";
    o.status = o.hold_before_status ?? "processing";
    delete o.hold_before_state;
    delete o.hold_before_status;
    o.updated_at = nowText(ctx.now);
    return true;
  }),
  // OrderManagement::cancel answers false (200) when the order cannot be canceled; it does not throw.
  orderAction("/V1/orders/:id/cancel", "cancel", "Magento_Sales::cancel", "Cancels a specified order", (ctx, o) => {
    if (!canCancel(o)) return false;
    o.state = "canceled";
    o.status = "canceled";
    for (const i of o.items) i.qty_canceled = i.qty_ordered - i.qty_invoiced;
    o.updated_at = nowText(ctx.now);
    return true;
  }),
  listRoute("/V1/invoices", "salesInvoiceRepositoryV1", "Magento_Sales::sales_invoice", "Lists invoices that match specified search criteria", (d) => d.invoices, "{items: Invoice[], search_criteria, total_count}"),
  getRoute("/V1/invoices/:id", "id", "salesInvoiceRepositoryV1", "Magento_Sales::sales_invoice", "Loads a specified invoice", (d) => d.invoices, "Invoice"),
  listRoute("/V1/shipments", "salesShipmentRepositoryV1", "Magento_Sales::shipment", "Lists shipments that match specified search criteria", (d) => d.shipments, "{items: Shipment[], search_criteria, total_count}"),
  getRoute("/V1/shipment/:id", "id", "salesShipmentRepositoryV1", "Magento_Sales::shipment", "Loads a specified shipment", (d) => d.shipments, "Shipment"),
  listRoute("/V1/creditmemos", "salesCreditmemoRepositoryV1", "Magento_Sales::sales_creditmemo", "Lists credit memos that match specified search criteria", (d) => d.creditMemos, "{items: CreditMemo[], search_criteria, total_count}"),
  getRoute("/V1/creditmemo/:id", "id", "salesCreditmemoRepositoryV1", "Magento_Sales::sales_creditmemo", "Loads a specified credit memo", (d) => d.creditMemos, "CreditMemo"),
];
