/**
 * Which ACL resources the integration has. Magento never tells the app what the merchant granted, so the app
 * asks the way any caller can: one cheap signed read per resource, then records what the store answered
 * (200: granted; 401 "isn't authorized to access": not granted; anything else: unknown, not recorded).
 */
import type { ResourceCheckRepo, ResourceCheckRecord } from "@magento-integration/storage";
import { type MagentoClient, type RequestSpec, MagentoApiError } from "@magento-integration/client";

export interface ResourceProbe {
  resource: string;
  /** "GET /V1/products": shown as how the app knows. */
  operation: string;
  request: RequestSpec;
}

const page1 = { pageSize: 1, currentPage: 1, filterGroups: [], sortOrders: [] };

/** The resources the dashboard's pages use, each with the cheapest read that needs it. */
export const RESOURCE_PROBES: readonly ResourceProbe[] = [
  {
    resource: "Magento_Backend::store",
    operation: "GET /V1/store/storeViews",
    request: { method: "GET", path: "/V1/store/storeViews", fields: "id" },
  },
  {
    resource: "Magento_Catalog::products",
    operation: "GET /V1/products",
    request: { method: "GET", path: "/V1/products", searchCriteria: page1, fields: "total_count" },
  },
  {
    resource: "Magento_Catalog::categories",
    operation: "GET /V1/categories",
    request: { method: "GET", path: "/V1/categories", fields: "id" },
  },
  {
    resource: "Magento_Sales::actions_view",
    operation: "GET /V1/orders",
    request: { method: "GET", path: "/V1/orders", searchCriteria: page1, fields: "total_count" },
  },
  {
    resource: "Magento_Customer::manage",
    operation: "GET /V1/customers/search",
    request: { method: "GET", path: "/V1/customers/search", searchCriteria: page1, fields: "total_count" },
  },
  {
    resource: "Magento_Customer::group",
    operation: "GET /V1/customerGroups/search",
    request: { method: "GET", path: "/V1/customerGroups/search", searchCriteria: page1, fields: "total_count" },
  },
  {
    resource: "Magento_Cms::page",
    operation: "GET /V1/cmsPage/search",
    request: { method: "GET", path: "/V1/cmsPage/search", searchCriteria: page1, fields: "total_count" },
  },
];

export type ResourceCheckRow = ResourceCheckRecord;

/** Runs every probe (one at a time: a few cheap calls) and records the answers it can interpret. */
export async function checkResources(
  checks: ResourceCheckRepo,
  installationId: string,
  client: MagentoClient,
  now: () => Date,
): Promise<ResourceCheckRow[]> {
  const rows: ResourceCheckRow[] = [];
  for (const p of RESOURCE_PROBES) {
    let granted: boolean | undefined;
    try {
      await client.request({ ...p.request, timeoutMs: 10_000 });
      granted = true;
    } catch (e) {
      if (e instanceof MagentoApiError && e.status === 401 && e.code === "not_authorized") granted = false;
      else if (e instanceof MagentoApiError && e.status === 401) throw e; // the token itself is refused: nothing to learn
    }
    if (granted === undefined) continue;
    const row = { resource: p.resource, operation: p.operation, granted, checkedAt: now() };
    await checks.save(installationId, row);
    rows.push(row);
  }
  return rows;
}

export async function resourceChecks(checks: ResourceCheckRepo, installationId: string): Promise<ResourceCheckRow[]> {
  return checks.list(installationId);
}
