/**
 * Credit memos (magento/magento2 app/code/Magento/Sales/etc/webapi.xml, resource Magento_Sales::sales_creditmemo;
 * behaviour of Sales/Model/Service/CreditmemoService.php): read, comment, email, refund, save. A credit memo cannot
 * be cancelled once made (CreditmemoService::cancel always refuses).
 */
import type { CreditMemo } from "../../data/index.ts";
import { documentComment, refund, refundArguments, requireDocument, requireOrder } from "../sales/documents.ts";
import { CREDIT_MEMO_SEARCH } from "../sales/searchables.ts";
import { badRequest, requiredField } from "../errors.ts";
import type { RouteContext, RouteDef } from "../route.ts";
import { intParam, optional, requireObject, toInt } from "./input.ts";
import { wholeList } from "../search-criteria.ts";

const MEMOS = "Magento_Sales::sales_creditmemo";
const memo = (ctx: RouteContext, id: number): CreditMemo => requireDocument(ctx.data.creditMemos, id);

/** A credit memo entity from a body: refunds its order's items ([{order_item_id, qty}]), shipping and adjustments. */
function refundEntity(ctx: RouteContext, entity: Record<string, unknown>): CreditMemo {
  const orderId = optional(entity, "order_id", toInt);
  if (orderId === undefined) throw requiredField("order_id");
  const invoiceId = optional(entity, "invoice_id", toInt);
  return refund(
    ctx,
    requireOrder(ctx.data, orderId),
    entity.items,
    refundArguments(entity),
    invoiceId === undefined ? undefined : requireDocument(ctx.data.invoices, invoiceId),
  );
}

export const creditMemoRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/V1/creditmemos",
    service: "salesCreditmemoRepositoryV1",
    operation: "getList",
    aclResource: MEMOS,
    summary: "Lists credit memos that match specified search criteria",
    searchCriteria: true,
    returns: "{items: CreditMemo[], search_criteria, total_count}",
    handler: (ctx) => ctx.search(CREDIT_MEMO_SEARCH),
  },
  {
    method: "POST",
    path: "/V1/creditmemo",
    service: "salesCreditmemoRepositoryV1",
    operation: "save",
    aclResource: MEMOS,
    summary: "Save a credit memo entity (a new one refunds entity.order_id)",
    body: [
      {
        name: "entity",
        type: "object",
        required: true,
        description:
          "{order_id, invoice_id, items: [{order_item_id, qty}], shipping_amount, adjustment_positive, adjustment_negative}",
      },
    ],
    returns: "CreditMemo",
    handler: (ctx) => {
      const entity = requireObject(ctx.body, "entity");
      const id = optional(entity, "entity_id", toInt);
      return id !== undefined && ctx.data.creditMemos.has(id) ? memo(ctx, id) : refundEntity(ctx, entity);
    },
  },
  {
    method: "GET",
    path: "/V1/creditmemo/:id",
    service: "salesCreditmemoRepositoryV1",
    operation: "get",
    aclResource: MEMOS,
    summary: "Loads a specified credit memo",
    returns: "CreditMemo",
    handler: (ctx) => memo(ctx, intParam(ctx.params, "id")),
  },
  {
    method: "PUT",
    path: "/V1/creditmemo/:id",
    service: "salesCreditmemoManagementV1",
    operation: "cancel",
    aclResource: MEMOS,
    summary: "Cancel a credit memo (Magento refuses: a refund cannot be undone)",
    returns: "boolean",
    handler: (ctx) => {
      memo(ctx, intParam(ctx.params, "id"));
      throw badRequest("You can not cancel Credit Memo");
    },
  },
  {
    method: "GET",
    path: "/V1/creditmemo/:id/comments",
    service: "salesCreditmemoManagementV1",
    operation: "getCommentsList",
    aclResource: MEMOS,
    summary: "Lists comments for a specified credit memo",
    returns: "{items: Comment[], total_count}",
    handler: (ctx) => {
      const m = memo(ctx, intParam(ctx.params, "id"));
      return wholeList(m.comments);
    },
  },
  {
    method: "POST",
    path: "/V1/creditmemo/:id/comments",
    service: "salesCreditmemoCommentRepositoryV1",
    operation: "save",
    aclResource: MEMOS,
    summary: "Add a comment to a credit memo",
    body: [
      {
        name: "entity",
        type: "object",
        required: true,
        description: "{comment, is_customer_notified, is_visible_on_front}",
      },
    ],
    returns: "CreditmemoComment",
    handler: (ctx) => {
      const m = memo(ctx, intParam(ctx.params, "id"));
      const c = documentComment(ctx, m.entity_id, requireObject(ctx.body, "entity"));
      m.comments.push(c);
      return c;
    },
  },
  {
    method: "POST",
    path: "/V1/creditmemo/:id/emails",
    service: "salesCreditmemoManagementV1",
    operation: "notify",
    aclResource: MEMOS,
    summary: "Emails the credit memo to the customer",
    returns: "boolean",
    handler: (ctx) => Boolean(memo(ctx, intParam(ctx.params, "id"))),
  },
  {
    method: "POST",
    path: "/V1/creditmemo/refund",
    service: "salesCreditmemoManagementV1",
    operation: "refund",
    aclResource: MEMOS,
    summary: "Refund with a credit memo entity",
    body: [
      {
        name: "creditmemo",
        type: "object",
        required: true,
        description: "{order_id, items: [{order_item_id, qty}], …}",
      },
      { name: "offlineRequested", type: "boolean", description: "Refund offline" },
    ],
    returns: "CreditMemo",
    handler: (ctx) => refundEntity(ctx, requireObject(ctx.body, "creditmemo")),
  },
];
