/**
 * Carts (magento/magento2 app/code/Magento/Quote/etc/webapi.xml, "Managing Cart" and friends): create, read,
 * search, assign to a customer, place the order.
 */
import type { Quote } from "../../data/index.ts";
import {
  activeCartOf,
  cartForCustomer,
  customerId,
  guestQuote,
  newGuestQuote,
  newQuote,
  requireQuote,
  scopedQuote,
  touchQuote,
} from "../quote/cart-access.ts";
import { placeOrder } from "../quote/place-order.ts";
import { renderCart } from "../quote/render.ts";
import { badRequest, noSuchEntityField, notFound } from "../errors.ts";
import type { RouteContext, RouteDef } from "../route.ts";
import { columns, type SearchableEntity } from "../searchable.ts";
import { readRecordField } from "../search-criteria.ts";
import { intParam, optional, requireBody, requireObject, toInt } from "./input.ts";
import { choosePayment } from "./quote-payment.ts";
import { scopedRoutes } from "./cart-scopes.ts";

const MANAGE = "Magento_Cart::manage";

/** The `quote` table. */
const CART_SEARCH: SearchableEntity<Quote> = {
  name: "quotes",
  storage: "flat",
  table: "quote",
  rows: (d) => d.quotes.values(),
  fields: () =>
    columns([
      "entity_id",
      "store_id",
      "created_at",
      "updated_at",
      "is_active",
      "is_virtual",
      "items_count",
      "items_qty",
      "customer_id",
      "customer_email",
      "customer_firstname",
      "customer_lastname",
      "customer_group_id",
      "customer_is_guest",
      "reserved_order_id",
      "coupon_code",
      "grand_total",
      "subtotal",
      "orig_order_id",
    ]),
  read: (q, f) => {
    if (f === "entity_id") return q.id;
    if (f === "items_count") return q.items.length;
    if (f === "items_qty") return q.items.reduce((s, i) => s + i.qty, 0);
    if (f === "subtotal" || f === "grand_total")
      return Math.round(q.items.reduce((s, i) => s + i.price * i.qty, 0) * 100) / 100;
    return readRecordField(q as unknown as Record<string, unknown>, f);
  },
};

/** CartManagement::assignCustomer: a guest cart becomes the customer's (merged into the customer's active cart if any). */
function assignCustomer(ctx: RouteContext, q: Quote, customer: number, storeId: number): true {
  const c = ctx.data.customers.get(customer);
  if (!c) throw noSuchEntityField("customerId", customer);
  if (q.customer_id !== undefined)
    throw badRequest("The customer can't be assigned to the cart. The cart belongs to a different customer.");
  if (!ctx.data.quotes.has(q.id) || (storeId !== q.store_id && storeId !== 0 && ![1, 2].includes(storeId))) {
    throw badRequest("The customer can't be assigned to the cart. The cart belongs to a different store.");
  }
  const existing = activeCartOf(ctx.data, customer);
  if (existing) {
    for (const item of q.items) existing.items.push({ ...item, item_id: ctx.data.nextId("quoteItem") });
    q.is_active = false;
    touchQuote(ctx, existing);
    return true;
  }
  q.customer_id = c.id;
  q.customer_email = c.email;
  q.customer_firstname = c.firstname;
  q.customer_lastname = c.lastname;
  q.customer_group_id = c.group_id;
  q.customer_is_guest = false;
  delete q.masked_id;
  touchQuote(ctx, q);
  return true;
}

const paymentBody = [
  {
    name: "paymentMethod",
    type: "object" as const,
    description: "{method, po_number} (optional: the method already chosen is used)",
  },
];

/** CartManagement::placeOrder(cartId, paymentMethod?). */
function placeWith(ctx: RouteContext, q: Quote, guest: boolean): number {
  if (ctx.body.paymentMethod !== undefined && ctx.body.paymentMethod !== null)
    choosePayment(ctx, q, requireObject(ctx.body, "paymentMethod"));
  return placeOrder(ctx, q, guest);
}

export const quoteCartRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/V1/carts/:cartId",
    service: "quoteCartRepositoryV1",
    operation: "get",
    aclResource: MANAGE,
    summary: "A cart by id (ordered carts too)",
    returns: "Cart",
    handler: (ctx) => renderCart(requireQuote(ctx.data, ctx.params.cartId ?? "", false)),
  },
  {
    method: "GET",
    path: "/V1/carts/search",
    service: "quoteCartRepositoryV1",
    operation: "getList",
    aclResource: MANAGE,
    summary: "Carts matching the criteria",
    searchCriteria: true,
    returns: "{items: Cart[], search_criteria, total_count}",
    handler: (ctx) => {
      const r = ctx.search(CART_SEARCH);
      return { ...r, items: r.items.map(renderCart) };
    },
  },
  {
    method: "POST",
    path: "/V1/carts/",
    service: "quoteCartManagementV1",
    operation: "createEmptyCart",
    aclResource: MANAGE,
    summary: "Create an empty cart; answers its id",
    returns: "integer",
    handler: (ctx) => newQuote(ctx).id,
  },
  {
    method: "POST",
    path: "/V1/customers/:customerId/carts",
    service: "quoteCartManagementV1",
    operation: "createEmptyCartForCustomer",
    aclResource: MANAGE,
    summary: "The customer's active cart (created when there is none); answers its id",
    returns: "integer",
    handler: (ctx) => cartForCustomer(ctx, intParam(ctx.params, "customerId")).id,
  },
  {
    method: "PUT",
    path: "/V1/carts/:cartId",
    service: "quoteCartManagementV1",
    operation: "assignCustomer",
    aclResource: MANAGE,
    summary: "Assign a guest cart to a customer",
    body: [
      { name: "customerId", type: "integer", required: true, description: "Customer" },
      { name: "storeId", type: "integer", required: true, description: "Store view" },
    ],
    returns: "boolean",
    handler: (ctx) => {
      requireBody(ctx.body, ["customerId", "storeId"]);
      return assignCustomer(
        ctx,
        requireQuote(ctx.data, ctx.params.cartId ?? "", true),
        toInt(ctx.body.customerId),
        toInt(ctx.body.storeId),
      );
    },
  },
  {
    method: "POST",
    path: "/V1/carts/mine",
    service: "quoteCartManagementV1",
    operation: "createEmptyCartForCustomer",
    operationIdSuffix: "Mine",
    aclResource: "self",
    summary: "The signed-in customer's active cart (created when there is none); answers its id",
    returns: "integer",
    handler: (ctx) => cartForCustomer(ctx, customerId(ctx)).id,
  },
  {
    method: "GET",
    path: "/V1/carts/mine",
    service: "quoteCartManagementV1",
    operation: "getCartForCustomer",
    aclResource: "self",
    summary: "The signed-in customer's active cart",
    returns: "Cart",
    handler: (ctx) => {
      const id = customerId(ctx);
      const q = activeCartOf(ctx.data, id);
      if (!q) throw noSuchEntityField("customerId", id);
      return renderCart(q);
    },
  },
  {
    method: "PUT",
    path: "/V1/carts/mine",
    service: "quoteCartRepositoryV1",
    operation: "save",
    aclResource: "self",
    summary: "Save the signed-in customer's cart (customer note, store)",
    body: [{ name: "quote", type: "object", required: true, description: "Cart fields" }],
    returns: "void ([])",
    handler: (ctx) => {
      const q = scopedQuote(ctx, "mine");
      const input = requireObject(ctx.body, "quote");
      const storeId = optional(input, "store_id", toInt);
      if (storeId !== undefined) q.store_id = storeId;
      touchQuote(ctx, q);
      return [];
    },
  },
  ...scopedRoutes({
    method: "PUT",
    summary: "Place the order; answers the order id",
    returns: "integer",
    body: paymentBody,
    admin: { path: "/V1/carts/:cartId/order", service: "quoteCartManagementV1", operation: "placeOrder" },
    mine: { path: "/V1/carts/mine/order", service: "quoteCartManagementV1", operation: "placeOrder" },
    guest: { path: "/V1/guest-carts/:cartId/order", service: "quoteGuestCartManagementV1", operation: "placeOrder" },
    handler: (ctx, q, scope) => placeWith(ctx, q, scope === "guest"),
  }),
  {
    method: "GET",
    path: "/V1/guest-carts/:cartId",
    service: "quoteGuestCartRepositoryV1",
    operation: "get",
    aclResource: "anonymous",
    summary: "A guest cart by masked id",
    returns: "Cart",
    handler: (ctx) => renderCart(guestQuote(ctx.data, ctx.params.cartId ?? "", false)),
  },
  {
    method: "POST",
    path: "/V1/guest-carts",
    service: "quoteGuestCartManagementV1",
    operation: "createEmptyCart",
    aclResource: "anonymous",
    summary: "Create an empty guest cart; answers its masked id",
    returns: "string",
    handler: (ctx) => newGuestQuote(ctx).masked_id,
  },
  {
    method: "PUT",
    path: "/V1/guest-carts/:cartId",
    service: "quoteGuestCartManagementV1",
    operation: "assignCustomer",
    aclResource: "self",
    summary: "Assign a guest cart to the signed-in customer",
    body: [{ name: "storeId", type: "integer", required: true, description: "Store view" }],
    returns: "boolean",
    handler: (ctx) => {
      requireBody(ctx.body, ["storeId"]);
      const q = guestQuote(ctx.data, ctx.params.cartId ?? "");
      if (!q.masked_id)
        throw notFound("No such entity with %fieldName = %fieldValue", {
          fieldName: "cartId",
          fieldValue: ctx.params.cartId,
        });
      return assignCustomer(ctx, q, customerId(ctx), toInt(ctx.body.storeId));
    },
  },
];
