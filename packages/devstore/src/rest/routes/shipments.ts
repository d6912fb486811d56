/**
 * Shipments and tracking numbers (magento/magento2 app/code/Magento/Sales/etc/webapi.xml, resource
 * Magento_Sales::shipment): read, comment, email, label, add or remove a track, save a new shipment for an order.
 */
import type { Shipment, ShipmentTrack } from "../../data/index.ts";
import { documentComment, requireDocument } from "../sales/documents.ts";
import { SHIPMENT_SEARCH } from "../sales/searchables.ts";
import { entityNotFound, requiredField } from "../errors.ts";
import type { RouteContext, RouteDef } from "../route.ts";
import { intParam, nowText, optional, requireObject, toInt, toStr } from "./input.ts";
import { shipOrder } from "./order-documents.ts";
import { wholeList } from "../search-criteria.ts";

const SHIPMENTS = "Magento_Sales::shipment";
const shipment = (ctx: RouteContext, id: number): Shipment => requireDocument(ctx.data.shipments, id);

export const shipmentRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/V1/shipments",
    service: "salesShipmentRepositoryV1",
    operation: "getList",
    aclResource: SHIPMENTS,
    summary: "Lists shipments that match specified search criteria",
    searchCriteria: true,
    returns: "{items: Shipment[], search_criteria, total_count}",
    handler: (ctx) => ctx.search(SHIPMENT_SEARCH),
  },
  {
    method: "POST",
    path: "/V1/shipment/",
    service: "salesShipmentRepositoryV1",
    operation: "save",
    aclResource: SHIPMENTS,
    summary: "Save a shipment entity (a new one ships entity.order_id's items [{order_item_id, qty}] with tracks[])",
    body: [{ name: "entity", type: "object", required: true, description: "Shipment" }],
    returns: "Shipment",
    handler: (ctx) => {
      const entity = requireObject(ctx.body, "entity");
      const id = optional(entity, "entity_id", toInt);
      if (id !== undefined) return shipment(ctx, id);
      const orderId = optional(entity, "order_id", toInt);
      if (orderId === undefined) throw requiredField("order_id");
      return shipOrder(ctx, orderId, entity.items, entity.tracks);
    },
  },
  {
    method: "GET",
    path: "/V1/shipment/:id",
    service: "salesShipmentRepositoryV1",
    operation: "get",
    aclResource: SHIPMENTS,
    summary: "Loads a specified shipment",
    returns: "Shipment",
    handler: (ctx) => shipment(ctx, intParam(ctx.params, "id")),
  },
  {
    method: "GET",
    path: "/V1/shipment/:id/comments",
    service: "salesShipmentManagementV1",
    operation: "getCommentsList",
    aclResource: SHIPMENTS,
    summary: "Lists comments for a specified shipment",
    returns: "{items: Comment[], total_count}",
    handler: (ctx) => {
      const s = shipment(ctx, intParam(ctx.params, "id"));
      return wholeList(s.comments);
    },
  },
  {
    method: "POST",
    path: "/V1/shipment/:id/comments",
    service: "salesShipmentCommentRepositoryV1",
    operation: "save",
    aclResource: SHIPMENTS,
    summary: "Add a comment to a shipment",
    body: [
      {
        name: "entity",
        type: "object",
        required: true,
        description: "{comment, is_customer_notified, is_visible_on_front}",
      },
    ],
    returns: "ShipmentComment",
    handler: (ctx) => {
      const s = shipment(ctx, intParam(ctx.params, "id"));
      const c = documentComment(ctx, s.entity_id, requireObject(ctx.body, "entity"));
      s.comments.push(c);
      return c;
    },
  },
  {
    method: "POST",
    path: "/V1/shipment/:id/emails",
    service: "salesShipmentManagementV1",
    operation: "notify",
    aclResource: SHIPMENTS,
    summary: "Emails the shipment to the customer",
    returns: "boolean",
    handler: (ctx) => Boolean(shipment(ctx, intParam(ctx.params, "id"))),
  },
  {
    method: "GET",
    path: "/V1/shipment/:id/label",
    service: "salesShipmentManagementV1",
    operation: "getLabel",
    aclResource: SHIPMENTS,
    summary: "The shipping label (base64; empty when the carrier made none)",
    returns: "string",
    handler: (ctx) => {
      shipment(ctx, intParam(ctx.params, "id"));
      return "";
    },
  },
  {
    method: "POST",
    path: "/V1/shipment/track",
    service: "salesShipmentTrackRepositoryV1",
    operation: "save",
    aclResource: SHIPMENTS,
    summary: "Add a tracking number to a shipment",
    body: [
      {
        name: "entity",
        type: "object",
        required: true,
        description: "{parent_id, order_id, track_number, title, carrier_code}",
      },
    ],
    returns: "ShipmentTrack",
    handler: (ctx) => {
      const entity = requireObject(ctx.body, "entity");
      const parentId = optional(entity, "parent_id", toInt);
      if (parentId === undefined) throw requiredField("parent_id");
      const s = shipment(ctx, parentId);
      const number = optional(entity, "track_number", toStr);
      if (!number) throw requiredField("track_number");
      const t: ShipmentTrack = {
        entity_id: ctx.data.nextId("track"),
        parent_id: s.entity_id,
        order_id: s.order_id,
        track_number: number,
        title: optional(entity, "title", toStr) ?? "",
        carrier_code: optional(entity, "carrier_code", toStr) ?? "custom",
        created_at: nowText(ctx.now),
      };
      s.tracks.push(t);
      return t;
    },
  },
  {
    method: "DELETE",
    path: "/V1/shipment/track/:id",
    service: "salesShipmentTrackRepositoryV1",
    operation: "deleteById",
    aclResource: SHIPMENTS,
    summary: "Remove a tracking number",
    returns: "boolean",
    handler: (ctx) => {
      const id = intParam(ctx.params, "id");
      for (const s of ctx.data.shipments.values()) {
        if (s.tracks.some((t) => t.entity_id === id)) {
          s.tracks = s.tracks.filter((t) => t.entity_id !== id);
          return true;
        }
      }
      throw entityNotFound();
    },
  },
];
