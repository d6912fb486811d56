/**
 * Magento_AsynchronousOperations' status routes (etc/webapi.xml): `GET /V1/bulk/:bulkUuid/status`,
 * `/detailed-status`, `/operation-status/:status` (BulkStatusInterface) and `GET /V1/bulk` with searchCriteria
 * (OperationRepositoryInterface::getList). A bulk is visible only to the user that submitted it; another user's
 * uuid answers as an unknown one. The bulks themselves come from the async routes (async/async-routes.ts) and
 * their consumer (async/bulk-state.ts). See docs/rest-semantics.md#async-and-bulk.
 */
import { badRequest, notFound } from "../errors.ts";
import type { RouteContext, RouteDef } from "../route.ts";
import { matchAndSort, pageOf, type SearchCriteria } from "../search-criteria.ts";
import { RestError, type Caller } from "../types.ts";
import { BulkState, bulkUserOf, type Bulk, type BulkOperation } from "../async/bulk-state.ts";

/** The ACL resource of the bulk status routes (Magento_AsynchronousOperations etc/webapi.xml). */
export const BULK_STATUS_RESOURCE = "Magento_Logging::system_magento_logging_bulk_operations";

function operationView(bulk: Bulk, o: BulkOperation, detailed: boolean) {
  const base = { id: o.id, status: o.status, result_message: o.resultMessage, error_code: o.errorCode };
  if (!detailed) return base;
  return {
    ...base,
    bulk_uuid: bulk.uuid,
    topic_name: bulk.topicName,
    serialized_data: o.serializedData,
    result_serialized_data: o.resultSerializedData,
  };
}

function summary(bulk: Bulk, detailed: boolean) {
  return {
    operations_list: bulk.operations.map((o) => operationView(bulk, o, detailed)),
    user_type: bulk.userType,
    bulk_id: bulk.uuid,
    description: bulk.description,
    start_time: bulk.startTime,
    user_id: bulk.userId,
    operation_count: bulk.operations.length,
  };
}

interface OperationRow {
  id: number;
  bulk_uuid: string;
  topic_name: string;
  serialized_data: string;
  result_serialized_data: string | null;
  status: number;
  result_message: string | null;
  error_code: number | null;
  start_time: string;
}

function searchOperations(state: BulkState, caller: Caller, criteria: SearchCriteria) {
  const owner = bulkUserOf(caller).owner;
  const rows: OperationRow[] = [];
  for (const bulk of state.all()) {
    if (bulk.owner !== owner) continue;
    for (const o of bulk.operations) {
      rows.push({ ...(operationView(bulk, o, true) as Omit<OperationRow, "start_time">), start_time: bulk.startTime });
    }
  }
  const allowed = new Set(["start_time", "status", "bulk_uuid", "topic_name", "id"]);
  for (const g of criteria.filter_groups) {
    for (const f of g.filters)
      if (!allowed.has(f.field))
        throw new RestError(400, 'Invalid value of "%value" provided for the %fieldName field.', {
          value: f.field,
          fieldName: "field",
        });
  }
  const page = pageOf(
    matchAndSort(rows, criteria, (row, field) => row[field as keyof OperationRow]),
    criteria,
  );
  return {
    items: page.items.map(({ start_time, ...rest }) => ({ ...rest, extension_attributes: { start_time } })),
    search_criteria: page.search_criteria,
    total_count: page.total_count,
  };
}

/** The caller's own bulk, or Magento's 404 for an unknown (or someone else's) uuid. */
function ownBulk(ctx: RouteContext): Bulk {
  const uuid = ctx.params.bulkUuid ?? "";
  const bulk = ctx.bulk.get(uuid);
  if (!bulk || bulk.owner !== bulkUserOf(ctx.caller).owner)
    throw notFound("Bulk uuid %bulkUuid not exist", { bulkUuid: uuid });
  return bulk;
}

const BULK_STATUS_SERVICE = "asynchronousOperationsBulkStatusV1";

export const bulkStatusRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/V1/bulk",
    service: "asynchronousOperationsOperationRepositoryV1",
    operation: "getList",
    aclResource: BULK_STATUS_RESOURCE,
    summary:
      "Operations of the caller's bulks which match the search criteria (start_time, status, bulk_uuid, topic_name)",
    searchCriteria: true,
    returns: "{items: Operation[], search_criteria, total_count}",
    handler: (ctx) => searchOperations(ctx.bulk, ctx.caller, ctx.criteria()),
  },
  {
    method: "GET",
    path: "/V1/bulk/:bulkUuid/status",
    service: BULK_STATUS_SERVICE,
    operation: "getBulkShortStatus",
    aclResource: BULK_STATUS_RESOURCE,
    summary: "A bulk's operations with their status, result message and error code",
    returns: "{operations_list[], user_type, bulk_id, description, start_time, user_id, operation_count}",
    handler: (ctx) => summary(ownBulk(ctx), false),
  },
  {
    method: "GET",
    path: "/V1/bulk/:bulkUuid/detailed-status",
    service: BULK_STATUS_SERVICE,
    operation: "getBulkDetailedStatus",
    aclResource: BULK_STATUS_RESOURCE,
    summary: "A bulk's operations with their topic, request and result",
    returns: "{operations_list[], user_type, bulk_id, description, start_time, user_id, operation_count}",
    handler: (ctx) => summary(ownBulk(ctx), true),
  },
  {
    method: "GET",
    path: "/V1/bulk/:bulkUuid/operation-status/:status",
    service: BULK_STATUS_SERVICE,
    operation: "getOperationsCountByBulkIdAndStatus",
    aclResource: BULK_STATUS_RESOURCE,
    summary:
      "How many of a bulk's operations have a status (1 complete, 2 failed retriable, 3 failed, 4 open, 5 rejected)",
    returns: "integer",
    handler: (ctx) => {
      const bulk = ownBulk(ctx);
      const code = Number(ctx.params.status);
      if (!Number.isInteger(code))
        throw badRequest(
          'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.',
          {
            value: ctx.params.status ?? "",
            type: "int",
          },
        );
      return bulk.operations.filter((o) => o.status === code).length;
    },
  },
];
