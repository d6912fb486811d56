/**
 * Orders (magento/magento2 app/code/Magento/Sales/etc/webapi.xml, "orders" routes): read, comment, hold,
 * unhold, cancel, email, edit addresses, save raw order entities, and read order items.
 */
import type { Order, OrderAddress, OrderItem, StatusHistory } from "../../data/index.ts";
import { STORE_VIEWS } from "../../data/index.ts";
import { increment, requireDocument, requireOrder, round2 } from "../sales/documents.ts";
import { ORDER_ITEM_SEARCH, ORDER_SEARCH } from "../sales/searchables.ts";
import { badRequest, requiredField } from "../errors.ts";
import type { RouteContext, RouteDef } from "../route.ts";
import { intParam, nowText, optional, rejectUnknownKeys, requireObject, toFloat, toInt, toStr } from "./input.ts";
import { wholeList } from "../search-criteria.ts";

const VIEW = "Magento_Sales::actions_view";
const CREATE = "Magento_Sales::create";

// Order state rules (Magento\Sales\Model\Order::canHold / canUnhold / canCancel).
const FINAL_STATES = new Set(["canceled", "complete", "closed"]);
const canHold = (o: Order) => !FINAL_STATES.has(o.state) && o.state !== "holded" && o.state !== "payment_review";
const canUnhold = (o: Order) => o.state === "holded";
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

const orderAction = (
  path: string,
  operation: string,
  acl: string,
  summary: string,
  run: (ctx: RouteContext, o: Order) => boolean,
): RouteDef => ({
  method: "POST",
  path,
  service: "salesOrderManagementV1",
  operation,
  aclResource: acl,
  summary,
  returns: "boolean",
  handler: (ctx) => run(ctx, requireOrder(ctx.data, intParam(ctx.params, "id"))),
});

const ADDRESS_KEYS = new Set([
  "entity_id",
  "parent_id",
  "address_type",
  "city",
  "company",
  "country_id",
  "customer_address_id",
  "customer_id",
  "email",
  "fax",
  "firstname",
  "lastname",
  "middlename",
  "postcode",
  "prefix",
  "region",
  "region_code",
  "region_id",
  "street",
  "suffix",
  "telephone",
  "vat_id",
  "extension_attributes",
]);

/** OrderAddressRepository::save: change an order's billing or shipping address. */
function saveAddress(ctx: RouteContext, o: Order, input: Record<string, unknown>): OrderAddress {
  rejectUnknownKeys(input, ADDRESS_KEYS, "Magento\\Sales\\Api\\Data\\OrderAddressInterface");
  const id = optional(input, "entity_id", toInt);
  const shipping = o.extension_attributes.shipping_assignments[0]?.shipping.address;
  const target = id === undefined ? undefined : [o.billing_address, shipping].find((a) => a?.entity_id === id);
  if (!target) throw badRequest("The order address couldn't be saved.");
  for (const key of [
    "city",
    "country_id",
    "email",
    "firstname",
    "lastname",
    "postcode",
    "region",
    "region_code",
    "telephone",
  ] as const) {
    const v = optional(input, key, toStr);
    if (v !== undefined) target[key] = v;
  }
  const regionId = optional(input, "region_id", toInt);
  if (regionId !== undefined) target.region_id = regionId;
  if (Array.isArray(input.street)) target.street = input.street.map(toStr);
  o.updated_at = nowText(ctx.now);
  return target;
}

const ORDER_KEYS = new Set([
  "entity_id",
  "increment_id",
  "state",
  "status",
  "customer_id",
  "customer_email",
  "customer_firstname",
  "customer_lastname",
  "customer_group_id",
  "customer_is_guest",
  "customer_note",
  "store_id",
  "items",
  "billing_address",
  "payment",
  "status_histories",
  "extension_attributes",
  "base_currency_code",
  "order_currency_code",
  "global_currency_code",
  "store_currency_code",
  "subtotal",
  "base_subtotal",
  "grand_total",
  "base_grand_total",
  "shipping_amount",
  "base_shipping_amount",
  "shipping_description",
  "tax_amount",
  "base_tax_amount",
  "discount_amount",
  "total_qty_ordered",
  "weight",
  "created_at",
  "updated_at",
  "quote_id",
]);

/** OrderRepository::save with a raw entity: an existing entity_id updates its scalar fields, otherwise a new order is made from the rows given. */
function saveOrder(ctx: RouteContext, input: Record<string, unknown>): Order {
  rejectUnknownKeys(input, ORDER_KEYS, "Magento\\Sales\\Api\\Data\\OrderInterface");
  const id = optional(input, "entity_id", toInt);
  if (id !== undefined && ctx.data.orders.has(id)) {
    const o = requireOrder(ctx.data, id);
    for (const key of ["state", "status", "customer_email", "customer_firstname", "customer_lastname"] as const) {
      const v = optional(input, key, toStr);
      if (v !== undefined) o[key] = v;
    }
    o.updated_at = nowText(ctx.now);
    return o;
  }
  if (!Array.isArray(input.items) || input.items.length === 0) throw requiredField("items");
  const billingRaw = requireObject(input, "billing_address");
  const payment = requireObject(input, "payment");
  const method = optional(payment, "method", toStr);
  if (!method) throw requiredField("method");
  const email = optional(input, "customer_email", toStr) ?? optional(billingRaw, "email", toStr);
  if (!email) throw requiredField("customer_email");
  const now = nowText(ctx.now);
  const orderId = ctx.data.nextId("order");
  const items: OrderItem[] = (input.items as Record<string, unknown>[]).map((raw) => {
    const sku = optional(raw, "sku", toStr);
    const product = sku === undefined ? undefined : ctx.data.product(sku);
    const qty = optional(raw, "qty_ordered", toFloat) ?? 1;
    const price = optional(raw, "price", toFloat) ?? product?.price ?? 0;
    return {
      item_id: ctx.data.nextId("orderItem"),
      order_id: orderId,
      product_id: product?.id ?? optional(raw, "product_id", toInt) ?? 0,
      sku: sku ?? "",
      name: optional(raw, "name", toStr) ?? product?.name ?? sku ?? "",
      product_type: product?.type_id ?? optional(raw, "product_type", toStr) ?? "simple",
      qty_ordered: qty,
      qty_invoiced: 0,
      qty_shipped: 0,
      qty_refunded: 0,
      qty_canceled: 0,
      price,
      base_price: price,
      original_price: price,
      row_total: round2(price * qty),
      base_row_total: round2(price * qty),
      tax_amount: 0,
      discount_amount: 0,
      store_id: optional(input, "store_id", toInt) ?? 1,
      created_at: now,
      updated_at: now,
    };
  });
  const address = (raw: Record<string, unknown>, type: "billing" | "shipping"): OrderAddress => ({
    address_type: type,
    city: toStr(raw.city ?? ""),
    country_id: toStr(raw.country_id ?? ""),
    email,
    entity_id: ctx.data.nextId("orderAddress"),
    firstname: toStr(raw.firstname ?? ""),
    lastname: toStr(raw.lastname ?? ""),
    parent_id: orderId,
    postcode: toStr(raw.postcode ?? ""),
    region: toStr(raw.region ?? ""),
    region_code: toStr(raw.region_code ?? ""),
    region_id: raw.region_id === undefined ? 0 : toInt(raw.region_id),
    street: Array.isArray(raw.street) ? raw.street.map(toStr) : [toStr(raw.street ?? "")],
    telephone: toStr(raw.telephone ?? ""),
  });
  const billing = address(billingRaw, "billing");
  const subtotal = round2(items.reduce((s, i) => s + i.row_total, 0));
  const shippingAmount = optional(input, "shipping_amount", toFloat) ?? 0;
  const grand = optional(input, "grand_total", toFloat) ?? round2(subtotal + shippingAmount);
  const storeId = optional(input, "store_id", toInt) ?? 1;
  const customerId = optional(input, "customer_id", toInt);
  const o: Order = {
    entity_id: orderId,
    increment_id: optional(input, "increment_id", toStr) ?? increment(orderId),
    state: optional(input, "state", toStr) ?? "new",
    status: optional(input, "status", toStr) ?? "pending",
    created_at: now,
    updated_at: now,
    customer_is_guest: customerId === undefined ? 1 : 0,
    customer_email: email,
    customer_firstname: optional(input, "customer_firstname", toStr) ?? billing.firstname,
    customer_lastname: optional(input, "customer_lastname", toStr) ?? billing.lastname,
    customer_group_id: optional(input, "customer_group_id", toInt) ?? (customerId === undefined ? 0 : 1),
    store_id: storeId,
    store_name: `Main Website\nMain Website Store\n${STORE_VIEWS.find((s) => s.id === storeId)?.name ?? "Default Store View"}`,
    base_currency_code: "USD",
    order_currency_code: "USD",
    global_currency_code: "USD",
    store_currency_code: "USD",
    subtotal,
    base_subtotal: subtotal,
    shipping_amount: shippingAmount,
    base_shipping_amount: shippingAmount,
    tax_amount: 0,
    base_tax_amount: 0,
    discount_amount: 0,
    grand_total: grand,
    base_grand_total: grand,
    total_qty_ordered: items.reduce((s, i) => s + i.qty_ordered, 0),
    total_item_count: items.length,
    weight: 0,
    shipping_description: optional(input, "shipping_description", toStr) ?? "",
    items,
    billing_address: billing,
    payment: {
      entity_id: orderId,
      parent_id: orderId,
      method,
      amount_ordered: grand,
      base_amount_ordered: grand,
      additional_information: [],
    },
    status_histories: [],
    extension_attributes: {
      shipping_assignments: [
        {
          shipping: {
            address: { ...billing, address_type: "shipping", entity_id: ctx.data.nextId("orderAddress") },
            method: "",
            total: { shipping_amount: shippingAmount, base_shipping_amount: shippingAmount },
          },
          items,
        },
      ],
    },
  };
  if (customerId !== undefined) o.customer_id = customerId;
  ctx.data.orders.set(orderId, o);
  return o;
}

const orderEntityBody = [
  {
    name: "entity",
    type: "object" as const,
    required: true,
    description: "Order: entity_id to update, or items[], billing_address, payment {method}, customer_email to create",
  },
];

export const orderRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/V1/orders",
    service: "salesOrderRepositoryV1",
    operation: "getList",
    aclResource: VIEW,
    summary: "Lists orders that match specified search criteria",
    searchCriteria: true,
    returns: "{items: Order[], search_criteria, total_count}",
    handler: (ctx) => ctx.search(ORDER_SEARCH),
  },
  {
    method: "GET",
    path: "/V1/orders/:id",
    service: "salesOrderRepositoryV1",
    operation: "get",
    aclResource: VIEW,
    summary: "Loads a specified order",
    returns: "Order",
    handler: (ctx) => requireOrder(ctx.data, intParam(ctx.params, "id")),
  },
  {
    method: "POST",
    path: "/V1/orders/",
    service: "salesOrderRepositoryV1",
    operation: "save",
    aclResource: CREATE,
    summary: "Save an order entity (update by entity_id, or create from items, billing_address and payment)",
    body: orderEntityBody,
    returns: "Order",
    handler: (ctx) => saveOrder(ctx, requireObject(ctx.body, "entity")),
  },
  {
    method: "PUT",
    path: "/V1/orders/create",
    service: "salesOrderRepositoryV1",
    operation: "save",
    aclResource: CREATE,
    summary: "Save an order entity (same as POST /V1/orders/)",
    body: orderEntityBody,
    returns: "Order",
    handler: (ctx) => saveOrder(ctx, requireObject(ctx.body, "entity")),
  },
  {
    method: "PUT",
    path: "/V1/orders/:parent_id",
    service: "salesOrderAddressRepositoryV1",
    operation: "save",
    aclResource: "Magento_Sales::actions_edit",
    summary: "Change an order's billing or shipping address (entity.entity_id names it)",
    body: [{ name: "entity", type: "object", required: true, description: "OrderAddress with entity_id" }],
    returns: "OrderAddress",
    handler: (ctx) =>
      saveAddress(ctx, requireOrder(ctx.data, intParam(ctx.params, "parent_id")), requireObject(ctx.body, "entity")),
  },
  {
    method: "GET",
    path: "/V1/orders/:id/statuses",
    service: "salesOrderManagementV1",
    operation: "getStatus",
    aclResource: VIEW,
    summary: "Gets the status for a specified order",
    returns: "string",
    handler: (ctx) => requireOrder(ctx.data, intParam(ctx.params, "id")).status,
  },
  {
    method: "GET",
    path: "/V1/orders/:id/comments",
    service: "salesOrderManagementV1",
    operation: "getCommentsList",
    aclResource: VIEW,
    summary: "Lists comments for a specified order",
    returns: "{items: StatusHistory[], total_count}",
    handler: (ctx) => {
      const o = requireOrder(ctx.data, intParam(ctx.params, "id"));
      return wholeList(o.status_histories);
    },
  },
  {
    method: "POST",
    path: "/V1/orders/:id/comments",
    service: "salesOrderManagementV1",
    operation: "addComment",
    aclResource: "Magento_Sales::comment",
    summary: "Adds a comment to a specified order",
    body: [
      {
        name: "statusHistory",
        type: "object",
        required: true,
        description: "{comment, is_customer_notified, is_visible_on_front, status}",
      },
    ],
    returns: "boolean",
    handler: (ctx) => {
      const o = requireOrder(ctx.data, intParam(ctx.params, "id"));
      const input = requireObject(ctx.body, "statusHistory");
      const status =
        input.status === undefined || input.status === null || input.status === "" ? o.status : toStr(input.status);
      o.status = status;
      addHistory(ctx, o, input.comment === undefined ? "" : toStr(input.comment), {
        status,
        is_customer_notified: input.is_customer_notified === undefined ? 0 : toInt(input.is_customer_notified),
        is_visible_on_front: input.is_visible_on_front === undefined ? 0 : toInt(input.is_visible_on_front),
      });
      return true;
    },
  },
  orderAction(
    "/V1/orders/:id/emails",
    "notify",
    "Magento_Sales::emails",
    "Emails the order confirmation to the customer",
    (ctx, o) => {
      addHistory(ctx, o, "The order confirmation email was sent", { is_customer_notified: 1 });
      return true;
    },
  ),
  orderAction("/V1/orders/:id/hold", "hold", "Magento_Sales::hold", "Holds a specified order", (ctx, o) => {
    if (!canHold(o)) throw badRequest("A hold action is not available.");
    o.hold_before_state = o.state;
    o.hold_before_status = o.status;
    o.state = "holded";
    o.status = "holded";
    o.updated_at = nowText(ctx.now);
    return true;
  }),
  orderAction(
    "/V1/orders/:id/unhold",
    "unHold",
    "Magento_Sales::unhold",
    "Releases a specified order from hold status",
    (ctx, o) => {
      if (!canUnhold(o)) throw badRequest("You can't remove the hold.");
      o.state = o.hold_before_state ?? "processing";
      o.status = o.hold_before_status ?? "processing";
      delete o.hold_before_state;
      delete o.hold_before_status;
      o.updated_at = nowText(ctx.now);
      return true;
    },
  ),
  // OrderManagement::cancel answers false (200) when the order cannot be canceled; it does not throw.
  orderAction("/V1/orders/:id/cancel", "cancel", "Magento_Sales::cancel", "Cancels a specified order", (ctx, o) => {
    if (!canCancel(o)) return false;
    o.state = "canceled";
    o.status = "canceled";
    for (const i of o.items) i.qty_canceled = i.qty_ordered - i.qty_invoiced;
    o.updated_at = nowText(ctx.now);
    return true;
  }),
  {
    method: "GET",
    path: "/V1/orders/items",
    service: "salesOrderItemRepositoryV1",
    operation: "getList",
    aclResource: VIEW,
    summary: "Lists order items that match specified search criteria",
    searchCriteria: true,
    returns: "{items: OrderItem[], search_criteria, total_count}",
    handler: (ctx) => ctx.search(ORDER_ITEM_SEARCH),
  },
  {
    method: "GET",
    path: "/V1/orders/items/:id",
    service: "salesOrderItemRepositoryV1",
    operation: "get",
    aclResource: VIEW,
    summary: "Loads a specified order item",
    returns: "OrderItem",
    handler: (ctx) => {
      const id = intParam(ctx.params, "id");
      for (const o of ctx.data.orders.values()) for (const item of o.items) if (item.item_id === id) return item;
      return requireDocument(new Map(), id);
    },
  },
];
