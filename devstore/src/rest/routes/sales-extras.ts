import type { OrderItem, StoreData } from "../../data/index";
import { entityNotFound } from "../errors";
import type { RouteDef } from "../route";
import { parseSearchCriteria, readRecordField, runSearch } from "../search-criteria";
import { intParam } from "./input";

function* orderItems(data: StoreData): Iterable<OrderItem> {
  for (const o of data.orders.values()) yield* o.items;
}

const commentsRoute = (path: string, service: string, acl: string, label: string, pick: (d: StoreData) => Map<number, { comments: unknown[] }>): RouteDef => ({
  method: "GET", path, service, operation: "getCommentsList", aclResource: acl,
  summary: `Lists comments for a specified ${label}`, returns: "{items: Comment[], total_count}",
  handler: (ctx) => {
    const doc = pick(ctx.data).get(intParam(ctx.params, "id"));
    if (!doc) throw entityNotFound();
    return { items: doc.comments, search_criteria: { filter_groups: [] }, total_count: doc.comments.length };
  },
});

export const salesExtraRoutes: RouteDef[] = [
  {
    method: "GET", path: "/V1/orders/items", service: "salesOrderItemRepositoryV1", operation: "getList", aclResource: "Magento_Sales::actions_view",
    summary: "Lists order items that match specified search criteria", searchCriteria: true, returns: "{items: OrderItem[], search_criteria, total_count}",
    handler: (ctx) => runSearch(orderItems(ctx.data), parseSearchCriteria(ctx.query, { inputLimits: ctx.inputLimits }), (i, f) => readRecordField(i as unknown as Record<string, unknown>, f)),
  },
  {
    method: "GET", path: "/V1/orders/items/:id", service: "salesOrderItemRepositoryV1", operation: "get", aclResource: "Magento_Sales::actions_view",
    summary: "Loads a specified order item", returns: "OrderItem",
    handler: (ctx) => {
      const id = intParam(ctx.params, "id");
      for (const item of orderItems(ctx.data)) if (item.item_id === id) return item;
      throw entityNotFound();
    },
  },
  commentsRoute("/V1/invoices/:id/comments", "salesInvoiceManagementV1", "Magento_Sales::sales_invoice", "invoice", (d) => d.invoices),
  commentsRoute("/V1/shipment/:id/comments", "salesShipmentManagementV1", "Magento_Sales::shipment", "shipment", (d) => d.shipments),
  commentsRoute("/V1/creditmemo/:id/comments", "salesCreditmemoManagementV1", "Magento_Sales::sales_creditmemo", "credit memo", (d) => d.creditMemos),
];
