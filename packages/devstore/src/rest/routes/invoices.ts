/**
 * Invoices (magento/magento2 app/code/Magento/Sales/etc/webapi.xml, resource Magento_Sales::sales_invoice;
 * behaviour of Sales/Model/Service/InvoiceService.php): read, comment, email, capture an open invoice, void a paid
 * one (only card payments can be voided), save a new invoice for an order.
 */
import type { Invoice } from "../../data/index.ts";
import {
  documentComment,
  recordTransaction,
  requireDocument,
  requireOrder,
  round2,
  settleState,
} from "../sales/documents.ts";
import { INVOICE_SEARCH } from "../sales/searchables.ts";
import { badRequest, requiredField } from "../errors.ts";
import type { RouteContext, RouteDef } from "../route.ts";
import { intParam, nowText, optional, requireObject, toInt } from "./input.ts";
import { invoiceOrder } from "./order-documents.ts";
import { wholeList } from "../search-criteria.ts";

const INVOICES = "Magento_Sales::sales_invoice";
const invoice = (ctx: RouteContext, id: number): Invoice => requireDocument(ctx.data.invoices, id);

export const invoiceRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/V1/invoices",
    service: "salesInvoiceRepositoryV1",
    operation: "getList",
    aclResource: INVOICES,
    summary: "Lists invoices that match specified search criteria",
    searchCriteria: true,
    returns: "{items: Invoice[], search_criteria, total_count}",
    handler: (ctx) => ctx.search(INVOICE_SEARCH),
  },
  {
    method: "POST",
    path: "/V1/invoices/",
    service: "salesInvoiceRepositoryV1",
    operation: "save",
    aclResource: INVOICES,
    summary:
      "Save an invoice entity: a new one for entity.order_id (items as [{order_item_id, qty}]), or an existing one's state",
    body: [{ name: "entity", type: "object", required: true, description: "Invoice" }],
    returns: "Invoice",
    handler: (ctx) => {
      const entity = requireObject(ctx.body, "entity");
      const id = optional(entity, "entity_id", toInt);
      if (id !== undefined) {
        const inv = invoice(ctx, id);
        const state = optional(entity, "state", toInt);
        if (state !== undefined) inv.state = state;
        inv.updated_at = nowText(ctx.now);
        return inv;
      }
      const orderId = optional(entity, "order_id", toInt);
      if (orderId === undefined) throw requiredField("order_id");
      return invoiceOrder(ctx, orderId, entity.items, true);
    },
  },
  {
    method: "GET",
    path: "/V1/invoices/:id",
    service: "salesInvoiceRepositoryV1",
    operation: "get",
    aclResource: INVOICES,
    summary: "Loads a specified invoice",
    returns: "Invoice",
    handler: (ctx) => invoice(ctx, intParam(ctx.params, "id")),
  },
  {
    method: "GET",
    path: "/V1/invoices/:id/comments",
    service: "salesInvoiceManagementV1",
    operation: "getCommentsList",
    aclResource: INVOICES,
    summary: "Lists comments for a specified invoice",
    returns: "{items: Comment[], total_count}",
    handler: (ctx) => {
      const inv = invoice(ctx, intParam(ctx.params, "id"));
      return wholeList(inv.comments);
    },
  },
  {
    method: "POST",
    path: "/V1/invoices/comments",
    service: "salesInvoiceCommentRepositoryV1",
    operation: "save",
    aclResource: INVOICES,
    summary: "Add a comment to the invoice named by entity.parent_id",
    body: [
      {
        name: "entity",
        type: "object",
        required: true,
        description: "{parent_id, comment, is_customer_notified, is_visible_on_front}",
      },
    ],
    returns: "InvoiceComment",
    handler: (ctx) => {
      const entity = requireObject(ctx.body, "entity");
      const parentId = optional(entity, "parent_id", toInt);
      if (parentId === undefined) throw requiredField("parent_id");
      const inv = invoice(ctx, parentId);
      const c = documentComment(ctx, inv.entity_id, entity);
      inv.comments.push(c);
      return c;
    },
  },
  {
    method: "POST",
    path: "/V1/invoices/:id/emails",
    service: "salesInvoiceManagementV1",
    operation: "notify",
    aclResource: INVOICES,
    summary: "Emails the invoice to the customer",
    returns: "boolean",
    handler: (ctx) => Boolean(invoice(ctx, intParam(ctx.params, "id"))),
  },
  {
    method: "POST",
    path: "/V1/invoices/:id/void",
    service: "salesInvoiceManagementV1",
    operation: "setVoid",
    aclResource: INVOICES,
    summary: "Void a paid invoice (card payments only)",
    returns: "boolean",
    handler: (ctx) => {
      const inv = invoice(ctx, intParam(ctx.params, "id"));
      const o = requireOrder(ctx.data, inv.order_id);
      if (inv.state !== 2 || o.payment.method !== "braintree") throw badRequest("The invoice can't be voided.");
      inv.state = 3;
      for (const row of inv.items) {
        const item = o.items.find((i) => i.item_id === row.order_item_id);
        if (item) item.qty_invoiced -= row.qty;
      }
      o.total_invoiced = round2((o.total_invoiced ?? 0) - inv.grand_total);
      o.total_paid = round2((o.total_paid ?? 0) - inv.grand_total);
      recordTransaction(ctx, o, "void");
      settleState(o);
      return true;
    },
  },
  {
    method: "POST",
    path: "/V1/invoices/:id/capture",
    service: "salesInvoiceManagementV1",
    operation: "setCapture",
    aclResource: INVOICES,
    summary: "Capture an open invoice",
    returns: "string",
    handler: (ctx) => {
      const inv = invoice(ctx, intParam(ctx.params, "id"));
      if (inv.state !== 1) throw badRequest("The invoice can't be captured.");
      const o = requireOrder(ctx.data, inv.order_id);
      inv.state = 2;
      o.total_paid = round2((o.total_paid ?? 0) + inv.grand_total);
      recordTransaction(ctx, o, "capture");
      return "1";
    },
  },
];
