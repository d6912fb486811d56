/**
 * Returns (Adobe Commerce Magento_Rma, resource Magento_Rma::magento_rma): request a return for a shipped order's
 * items, follow it with comments and tracking numbers, and the item attributes a return form shows. Commerce only.
 */
import type { Rma, RmaItem } from "../../../data/index.ts";
import { badRequest, noSuchEntityField, noSuchEntityFields, requiredField } from "../../errors.ts";
import type { RouteContext, RouteDef } from "../../route.ts";
import { columns, type SearchableEntity } from "../../searchable.ts";
import { readRecordField, wholeList } from "../../search-criteria.ts";
import { intParam, nowText, optional, requireObject, toBool, toFloat, toInt, toStr } from "../input.ts";

const RMA = "Magento_Rma::magento_rma";
const STATUSES = new Set([
  "pending",
  "authorized",
  "partially_authorized",
  "received",
  "received_on_item",
  "approved",
  "approved_on_item",
  "rejected",
  "rejected_on_item",
  "denied",
  "closed",
  "processed_closed",
]);

const RMA_SEARCH: SearchableEntity<Rma> = {
  name: "returns",
  storage: "flat",
  table: "magento_rma",
  rows: (d) => d.returns.values(),
  fields: () =>
    columns([
      "entity_id",
      "increment_id",
      "order_id",
      "order_increment_id",
      "store_id",
      "customer_id",
      "date_requested",
      "status",
      "customer_custom_email",
    ]),
  read: (r, f) => readRecordField(r as unknown as Record<string, unknown>, f),
};

function rma(ctx: RouteContext, id: number): Rma {
  const r = ctx.data.returns.get(id);
  if (!r) throw noSuchEntityField("id", id);
  return r;
}

/** The attributes of a return item (rma_item_eav), with their form options. */
const METADATA = [
  [
    "resolution",
    "Resolution",
    [
      ["4", "Exchange"],
      ["5", "Refund"],
      ["6", "Store Credit"],
    ],
  ],
  [
    "condition",
    "Item Condition",
    [
      ["7", "Unopened"],
      ["8", "Opened"],
      ["9", "Damaged"],
    ],
  ],
  [
    "reason",
    "Reason to Return",
    [
      ["10", "Wrong Color"],
      ["11", "Wrong Size"],
      ["12", "Out of Service"],
      ["13", "Other"],
    ],
  ],
  ["reason_other", "Other", []],
] as const;

function metadata(
  code: string,
  label: string,
  options: readonly (readonly [string, string])[],
  order: number,
): Record<string, unknown> {
  return {
    frontend_input: options.length ? "select" : "text",
    input_filter: "",
    store_label: label,
    validation_rules: [],
    multiline_count: 0,
    visible: true,
    required: code !== "reason_other",
    data_model: "",
    options: options.map(([value, l]) => ({ label: l, value })),
    frontend_class: "",
    user_defined: false,
    sort_order: order * 10,
    frontend_label: label,
    note: "",
    system: true,
    backend_type: options.length ? "int" : "varchar",
    attribute_code: code,
  };
}

function parseItems(ctx: RouteContext, r: Rma, raw: unknown): RmaItem[] {
  if (!Array.isArray(raw) || raw.length === 0) throw requiredField("items");
  const order = ctx.data.orders.get(r.order_id);
  return (raw as Record<string, unknown>[]).map((i) => {
    const orderItemId = optional(i, "order_item_id", toInt);
    const orderItem = order?.items.find((x) => x.item_id === orderItemId);
    if (!orderItem) throw noSuchEntityField("order_item_id", orderItemId ?? "");
    const qty = optional(i, "qty_requested", toFloat) ?? 0;
    if (qty <= 0 || qty > orderItem.qty_shipped)
      throw badRequest('The quantity to return is greater than the quantity shipped for "%1".', [orderItem.name]);
    return {
      entity_id: ctx.data.nextId("rma"),
      rma_entity_id: r.entity_id,
      order_item_id: orderItem.item_id,
      qty_requested: qty,
      qty_authorized: 0,
      qty_approved: 0,
      qty_returned: 0,
      reason: optional(i, "reason", toStr) ?? "",
      condition: optional(i, "condition", toStr) ?? "",
      resolution: optional(i, "resolution", toStr) ?? "",
      status: "pending",
    };
  });
}

const common = { edition: "commerce" as const, aclResource: RMA };
const rmaBody = [
  {
    name: "rmaDataObject",
    type: "object" as const,
    required: true,
    description:
      "{order_id, customer_custom_email, items: [{order_item_id, qty_requested, reason, condition, resolution}]}",
  },
];

export const rmaRoutes: RouteDef[] = [
  {
    ...common,
    method: "GET",
    path: "/V1/returns",
    service: "rmaRmaRepositoryV1",
    operation: "getList",
    summary: "Returns matching the criteria",
    searchCriteria: true,
    returns: "{items: Rma[], search_criteria, total_count}",
    handler: (ctx) => ctx.search(RMA_SEARCH),
  },
  {
    ...common,
    method: "POST",
    path: "/V1/returns",
    service: "rmaRmaManagementV1",
    operation: "saveRma",
    summary: "Request a return for a shipped order's items",
    body: rmaBody,
    returns: "Rma",
    handler: (ctx) => {
      const input = requireObject(ctx.body, "rmaDataObject");
      const orderId = optional(input, "order_id", toInt);
      if (orderId === undefined) throw requiredField("order_id");
      const order = ctx.data.orders.get(orderId);
      if (!order) throw noSuchEntityField("order_id", orderId);
      if (!order.items.some((i) => i.qty_shipped > 0))
        throw badRequest("Cannot create a return for this order: nothing was shipped.");
      const id = ctx.data.nextId("rma");
      const r: Rma = {
        increment_id: String(id).padStart(9, "0"),
        entity_id: id,
        order_id: order.entity_id,
        order_increment_id: order.increment_id,
        store_id: order.store_id,
        customer_id: order.customer_id ?? 0,
        date_requested: nowText(ctx.now),
        customer_custom_email: optional(input, "customer_custom_email", toStr) ?? "",
        items: [],
        status: "pending",
        comments: [],
        tracks: [],
      };
      r.items = parseItems(ctx, r, input.items);
      ctx.data.returns.set(id, r);
      return r;
    },
  },
  {
    ...common,
    method: "GET",
    path: "/V1/returns/:id",
    service: "rmaRmaRepositoryV1",
    operation: "get",
    summary: "A return",
    returns: "Rma",
    handler: (ctx) => rma(ctx, intParam(ctx.params, "id")),
  },
  {
    ...common,
    method: "PUT",
    path: "/V1/returns/:id",
    service: "rmaRmaManagementV1",
    operation: "saveRma",
    operationIdSuffix: "Update",
    summary: "Change a return's status or items",
    body: rmaBody,
    returns: "Rma",
    handler: (ctx) => {
      const r = rma(ctx, intParam(ctx.params, "id"));
      const input = requireObject(ctx.body, "rmaDataObject");
      const status = optional(input, "status", toStr);
      if (status !== undefined) {
        if (!STATUSES.has(status))
          throw badRequest('Invalid value of "%value" provided for the %fieldName field.', {
            fieldName: "status",
            value: status,
          });
        r.status = status;
        for (const i of r.items) i.status = status;
      }
      if (input.items !== undefined) r.items = parseItems(ctx, r, input.items);
      return r;
    },
  },
  {
    ...common,
    method: "DELETE",
    path: "/V1/returns/:id",
    service: "rmaRmaRepositoryV1",
    operation: "delete",
    summary: "Delete a return",
    returns: "boolean",
    handler: (ctx) => ctx.data.returns.delete(rma(ctx, intParam(ctx.params, "id")).entity_id),
  },
  {
    ...common,
    method: "GET",
    path: "/V1/returns/:id/comments",
    service: "rmaCommentManagementV1",
    operation: "commentsList",
    summary: "A return's comments",
    returns: "{items: Comment[], total_count}",
    handler: (ctx) => {
      const r = rma(ctx, intParam(ctx.params, "id"));
      return wholeList(r.comments);
    },
  },
  {
    ...common,
    method: "POST",
    path: "/V1/returns/:id/comments",
    service: "rmaCommentManagementV1",
    operation: "addComment",
    summary: "Comment on a return",
    body: [
      {
        name: "data",
        type: "object",
        required: true,
        description: "{comment, is_customer_notified, is_visible_on_front, status}",
      },
    ],
    returns: "boolean",
    handler: (ctx) => {
      const r = rma(ctx, intParam(ctx.params, "id"));
      const input = requireObject(ctx.body, "data");
      const comment = optional(input, "comment", toStr);
      if (!comment) throw requiredField("comment");
      r.comments.push({
        comment_id: ctx.data.nextId("rmaComment"),
        rma_entity_id: r.entity_id,
        comment,
        is_customer_notified: optional(input, "is_customer_notified", toBool) ?? false,
        is_visible_on_front: optional(input, "is_visible_on_front", toBool) ?? false,
        status: optional(input, "status", toStr) ?? r.status,
        created_at: nowText(ctx.now),
        is_admin: ctx.caller.kind !== "customer",
      });
      return true;
    },
  },
  {
    ...common,
    method: "GET",
    path: "/V1/returns/:id/tracking-numbers",
    service: "rmaTrackManagementV1",
    operation: "getTracks",
    summary: "A return's tracking numbers",
    returns: "{items: Track[], total_count}",
    handler: (ctx) => {
      const r = rma(ctx, intParam(ctx.params, "id"));
      return wholeList(r.tracks);
    },
  },
  {
    ...common,
    method: "POST",
    path: "/V1/returns/:id/tracking-numbers",
    service: "rmaTrackManagementV1",
    operation: "addTrack",
    summary: "Add a tracking number to a return",
    body: [
      { name: "track", type: "object", required: true, description: "{track_number, carrier_code, carrier_title}" },
    ],
    returns: "boolean",
    handler: (ctx) => {
      const r = rma(ctx, intParam(ctx.params, "id"));
      const t = requireObject(ctx.body, "track");
      const number = optional(t, "track_number", toStr);
      if (!number) throw requiredField("track_number");
      r.tracks.push({
        entity_id: ctx.data.nextId("rmaTrack"),
        rma_entity_id: r.entity_id,
        track_number: number,
        carrier_code: optional(t, "carrier_code", toStr) ?? "custom",
        carrier_title: optional(t, "carrier_title", toStr) ?? "",
      });
      return true;
    },
  },
  {
    ...common,
    method: "DELETE",
    path: "/V1/returns/:id/tracking-numbers/:trackId",
    service: "rmaTrackManagementV1",
    operation: "removeTrackById",
    summary: "Remove a tracking number from a return",
    returns: "boolean",
    handler: (ctx) => {
      const r = rma(ctx, intParam(ctx.params, "id"));
      const trackId = intParam(ctx.params, "trackId");
      if (!r.tracks.some((t) => t.entity_id === trackId)) throw noSuchEntityField("trackId", trackId);
      r.tracks = r.tracks.filter((t) => t.entity_id !== trackId);
      return true;
    },
  },
  {
    ...common,
    method: "GET",
    path: "/V1/returns/:id/labels",
    service: "rmaTrackManagementV1",
    operation: "getShippingLabelPdf",
    summary: "The return's shipping label PDF (base64; empty when none)",
    returns: "string",
    handler: (ctx) => {
      rma(ctx, intParam(ctx.params, "id"));
      return "";
    },
  },
  {
    ...common,
    method: "GET",
    path: "/V1/returnsAttributeMetadata",
    service: "rmaRmaAttributesManagementV1",
    operation: "getAllAttributesMetadata",
    summary: "Attributes of a return item",
    returns: "AttributeMetadata[]",
    handler: () => METADATA.map(([c, l, o], i) => metadata(c, l, o, i + 1)),
  },
  {
    ...common,
    method: "GET",
    path: "/V1/returnsAttributeMetadata/custom",
    service: "rmaRmaAttributesManagementV1",
    operation: "getCustomAttributesMetadata",
    summary: "User-defined attributes of a return item",
    returns: "AttributeMetadata[]",
    handler: () => [],
  },
  {
    ...common,
    method: "GET",
    path: "/V1/returnsAttributeMetadata/:attributeCode",
    service: "rmaRmaAttributesManagementV1",
    operation: "getAttributeMetadata",
    summary: "One return item attribute",
    returns: "AttributeMetadata",
    handler: (ctx) => {
      const code = ctx.params.attributeCode ?? "";
      const i = METADATA.findIndex(([c]) => c === code);
      if (i === -1) throw noSuchEntityFields("entityType", "rma_item", "attributeCode", code);
      const [c, l, o] = METADATA[i]!;
      return metadata(c, l, o, i + 1);
    },
  },
  {
    ...common,
    method: "GET",
    path: "/V1/returnsAttributeMetadata/form/:formCode",
    service: "rmaRmaAttributesManagementV1",
    operation: "getAttributes",
    summary: "The return item attributes a form shows",
    returns: "AttributeMetadata[]",
    handler: (ctx) => {
      const form = ctx.params.formCode ?? "";
      if (form !== "default" && form !== "adminhtml_rma_item") throw noSuchEntityField("formCode", form);
      return METADATA.map(([c, l, o], i) => metadata(c, l, o, i + 1));
    },
  },
];
