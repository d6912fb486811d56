/** One customer with addresses and orders, and the store's customer group names. Pure. */
import { z } from "zod";
import type { SearchCriteria } from "@magento-integration/client";
import { attempt } from "../attempt";
import { parseListResult } from "../list-result";
import type { OrderRow } from "../orders-grid";
import { addressSchema } from "./order";
import { defineRecord, entityIdKey } from "./record";

export const CUSTOMER_DETAIL_FIELDS =
  "id,email,firstname,lastname,group_id,created_at,updated_at,dob,website_id,store_id,default_billing,default_shipping,addresses[id,firstname,lastname,company,street,city,region[region],postcode,country_id,telephone,default_billing,default_shipping]";

export const customerDetailSchema = z.object({
  id: z.coerce.number(),
  email: z.string().optional(),
  firstname: z.string().optional(),
  lastname: z.string().optional(),
  group_id: z.coerce.number().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  dob: z.string().nullish(),
  website_id: z.coerce.number().optional(),
  addresses: z
    .array(
      addressSchema.extend({
        id: z.coerce.number().optional(),
        // a customer address names its region as an object
        region: z
          .union([z.string(), z.object({ region: z.string().nullish() }).transform((r) => r.region ?? null)])
          .nullish(),
        default_billing: z.boolean().optional(),
        default_shipping: z.boolean().optional(),
      }),
    )
    .nullish()
    .transform((v) => v ?? []),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

/** The most recent orders of a customer shown. */
export const CUSTOMER_ORDERS_PAGE = 20;

export function ordersOfCustomer(customerId: number): SearchCriteria {
  return {
    filterGroups: [{ filters: [{ field: "customer_id", value: String(customerId), conditionType: "eq" }] }],
    sortOrders: [{ field: "created_at", direction: "DESC" }],
    pageSize: CUSTOMER_ORDERS_PAGE,
    currentPage: 1,
  };
}

export const CUSTOMER_ORDER_FIELDS =
  "items[entity_id,increment_id,created_at,status,grand_total,order_currency_code],total_count";

/** GET /V1/customerGroups/search, every group: id → code ("General", "Wholesale", "Retailer"). */
export const GROUPS_CRITERIA: SearchCriteria = {
  filterGroups: [],
  sortOrders: [{ field: "id", direction: "ASC" }],
  pageSize: 200,
  currentPage: 1,
};
export const GROUP_FIELDS = "items[id,code],total_count";
const groupsSchema = z.object({ items: z.array(z.object({ id: z.coerce.number(), code: z.string() })).nullish() });

export function groupNames(data: unknown): Map<number, string> {
  const parsed = groupsSchema.safeParse(data);
  return new Map((parsed.success ? (parsed.data.items ?? []) : []).map((g) => [g.id, g.code]));
}

/** `/stores/<id>/customers/<id>`: the customer, then their latest orders and the group names in parallel. */
export const CUSTOMER_RECORD = defineRecord({
  section: "customers",
  noun: "customer",
  title: (id) => `Customer ${id}`,
  key: entityIdKey,
  async load(client, customerId) {
    const res = await client.call("getCustomersByCustomerId", {
      pathParams: { customerId },
      fields: CUSTOMER_DETAIL_FIELDS,
    });
    const customer = customerDetailSchema.parse(res.data);
    const [orders, groups] = await Promise.all([
      attempt(async () => {
        const list = await client.call("getOrders", {
          searchCriteria: ordersOfCustomer(customer.id),
          fields: CUSTOMER_ORDER_FIELDS,
        });
        return parseListResult<OrderRow>(list.data, CUSTOMER_ORDERS_PAGE);
      }),
      attempt(async () =>
        groupNames(
          (await client.call("getCustomerGroupsSearch", { searchCriteria: GROUPS_CRITERIA, fields: GROUP_FIELDS }))
            .data,
        ),
      ),
    ]);
    return { customer, orders, groups };
  },
});
