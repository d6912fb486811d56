import type { Customer, CustomerAddress, StoreData } from "../../data/index.ts";
import { badRequest, noSuchEntityField, notAuthorized, requiredField } from "../errors.ts";
import type { RouteContext, RouteDef } from "../route.ts";
import type { SearchableEntity } from "../searchable.ts";
import { readRecordField } from "../search-criteria.ts";
import { intParam, nowText, rejectUnknownKeys, requireObject, toBool, toInt, toStr } from "./input.ts";
import { checkPasswordStrength } from "../customer/password-policy.ts";
import { defaultGroupId } from "./customer-groups.ts";
import { usRegionById } from "./regions.ts";

/** magento/magento2 app/code/Magento/Customer/etc/webapi.xml: reads need Magento_Customer::customer, writes ::manage. */
const CUSTOMERS = "Magento_Customer::manage";
const CUSTOMERS_READ = "Magento_Customer::customer";
const CUSTOMER_KEYS = new Set([
  "id",
  "group_id",
  "default_billing",
  "default_shipping",
  "confirmation",
  "created_at",
  "updated_at",
  "created_in",
  "dob",
  "email",
  "firstname",
  "lastname",
  "middlename",
  "prefix",
  "suffix",
  "gender",
  "store_id",
  "taxvat",
  "website_id",
  "addresses",
  "disable_auto_group_change",
  "extension_attributes",
  "custom_attributes",
]);
const CUSTOMER_CLASS = "Magento\\Customer\\Api\\Data\\CustomerInterface";
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * customer_entity (EAV): static columns and attributes, plus the default billing address fields CustomerRepository
 * joins for its grid (billing_postcode, billing_city, billing_telephone, billing_region, billing_country_id).
 */
const CUSTOMER_SEARCH: SearchableEntity<Customer> = {
  name: "customers",
  storage: "eav",
  table: "customer_entity",
  rows: (d) => d.customers.values(),
  fields: (d) =>
    new Set([
      "entity_id",
      "id",
      "website_id",
      "email",
      "group_id",
      "store_id",
      "created_at",
      "updated_at",
      "is_active",
      "disable_auto_group_change",
      "created_in",
      "confirmation",
      ...d.customerMetadata.map((m) => m.attribute_code),
      "billing_postcode",
      "billing_city",
      "billing_telephone",
      "billing_region",
      "billing_country_id",
      "billing_full",
      "shipping_full",
    ]),
  read: (c, f) => {
    if (f === "entity_id") return c.id;
    if (f.startsWith("billing_") || f === "shipping_full") {
      const a = c.addresses.find(
        (x) => String(x.id) === (f === "shipping_full" ? c.default_shipping : c.default_billing),
      );
      if (!a) return null;
      if (f === "billing_region") return a.region.region;
      if (f === "billing_full" || f === "shipping_full")
        return `${a.street.join(" ")} ${a.city} ${a.region.region} ${a.postcode}`;
      return (a as unknown as Record<string, unknown>)[f.slice("billing_".length)];
    }
    return readRecordField(c, f);
  },
};

export function requireCustomer(data: StoreData, id: number): Customer {
  const c = data.customers.get(id);
  if (!c) throw noSuchEntityField("customerId", id);
  return c;
}

function parseAddress(ctx: RouteContext, customerId: number, raw: Record<string, unknown>): CustomerAddress {
  const regionInput = (raw.region ?? {}) as Record<string, unknown>;
  const regionId =
    raw.region_id !== undefined
      ? toInt(raw.region_id)
      : regionInput.region_id !== undefined
        ? toInt(regionInput.region_id)
        : 0;
  const known = usRegionById(regionId);
  const region = known ?? {
    region_id: regionId,
    region_code: toStr(regionInput.region_code ?? ""),
    region: toStr(regionInput.region ?? ""),
  };
  for (const f of ["firstname", "lastname", "street", "city", "country_id", "telephone", "postcode"]) {
    if (raw[f] === undefined || raw[f] === "") throw requiredField(f);
  }
  const address: CustomerAddress = {
    id: raw.id !== undefined ? toInt(raw.id) : ctx.data.nextId("address"),
    customer_id: customerId,
    region,
    region_id: region.region_id,
    country_id: toStr(raw.country_id),
    street: Array.isArray(raw.street) ? raw.street.map(toStr) : [toStr(raw.street)],
    telephone: toStr(raw.telephone),
    postcode: toStr(raw.postcode),
    city: toStr(raw.city),
    firstname: toStr(raw.firstname),
    lastname: toStr(raw.lastname),
  };
  if (raw.default_shipping !== undefined && toBool(raw.default_shipping)) address.default_shipping = true;
  if (raw.default_billing !== undefined && toBool(raw.default_billing)) address.default_billing = true;
  return address;
}

function applyCustomerInput(ctx: RouteContext, c: Customer, input: Record<string, unknown>): void {
  rejectUnknownKeys(input, CUSTOMER_KEYS, CUSTOMER_CLASS);
  if (input.email !== undefined) {
    const email = toStr(input.email);
    if (!EMAIL.test(email)) throw badRequest('"%1" is not a valid email address.', [email]);
    const other = ctx.data.customerByEmail(email, c.website_id);
    if (other && other.id !== c.id)
      throw badRequest("A customer with the same email address already exists in an associated website.");
    c.email = email;
  }
  for (const key of ["firstname", "lastname", "middlename", "prefix", "suffix", "dob", "taxvat"] as const) {
    if (input[key] !== undefined) c[key] = toStr(input[key]);
  }
  if (input.group_id !== undefined) c.group_id = toInt(input.group_id);
  if (input.gender !== undefined) c.gender = toInt(input.gender);
  if (input.store_id !== undefined) c.store_id = toInt(input.store_id);
  if (input.disable_auto_group_change !== undefined)
    c.disable_auto_group_change = toInt(input.disable_auto_group_change);
  if (Array.isArray(input.addresses)) {
    c.addresses = (input.addresses as Record<string, unknown>[]).map((a) => parseAddress(ctx, c.id, a));
    const billing = c.addresses.find((a) => a.default_billing);
    const shipping = c.addresses.find((a) => a.default_shipping);
    if (billing) c.default_billing = String(billing.id);
    else delete c.default_billing;
    if (shipping) c.default_shipping = String(shipping.id);
    else delete c.default_shipping;
  }
  const ext = input.extension_attributes as Record<string, unknown> | undefined;
  if (ext && ext.is_subscribed !== undefined) c.extension_attributes.is_subscribed = toBool(ext.is_subscribed);
}

function createCustomer(ctx: RouteContext, input: Record<string, unknown>, password: string | undefined): Customer {
  for (const f of ["email", "firstname", "lastname"])
    if (input[f] === undefined || input[f] === "") throw requiredField(f);
  const websiteId = input.website_id !== undefined ? toInt(input.website_id) : ctx.store.website_id || 1;
  if (ctx.data.customerByEmail(toStr(input.email), websiteId)) {
    throw badRequest("A customer with the same email address already exists in an associated website.");
  }
  if (password !== undefined) checkPasswordStrength(password);
  const now = nowText(ctx.now);
  const storeId = input.store_id !== undefined ? toInt(input.store_id) : ctx.store.id || 1;
  const c: Customer = {
    id: ctx.data.nextId("customer"),
    group_id: defaultGroupId(ctx.data, storeId),
    created_at: now,
    updated_at: now,
    created_in: storeId === 2 ? "French Store View" : "Default Store View",
    email: "",
    firstname: "",
    lastname: "",
    gender: 0,
    store_id: storeId,
    website_id: websiteId,
    addresses: [],
    disable_auto_group_change: 0,
    extension_attributes: { is_subscribed: false },
  };
  const { website_id: _w, store_id: _s, ...rest } = input;
  applyCustomerInput(ctx, c, rest);
  ctx.data.customers.set(c.id, c);
  if (password !== undefined) ctx.data.setCustomerPassword(c.id, password);
  return c;
}

function updateCustomer(ctx: RouteContext, id: number, input: Record<string, unknown>): Customer {
  const c = requireCustomer(ctx.data, id);
  const { id: _id, website_id: _w, ...rest } = input;
  applyCustomerInput(ctx, c, rest);
  c.updated_at = nowText(ctx.now);
  return c;
}

function selfId(ctx: RouteContext): number {
  if (ctx.caller.kind !== "customer") throw notAuthorized("self");
  return ctx.caller.customerId;
}

const customerBody = [
  {
    name: "customer",
    type: "object" as const,
    required: true,
    description:
      "email, firstname, lastname, group_id, store_id, website_id, addresses[], extension_attributes.is_subscribed",
  },
];

export const customerRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/V1/customers/search",
    service: "customerCustomerRepositoryV1",
    operation: "getList",
    aclResource: CUSTOMERS_READ,
    summary: "Retrieve customers which match a specified criteria",
    searchCriteria: true,
    returns: "{items: Customer[], search_criteria, total_count}",
    handler: (ctx) => ctx.search(CUSTOMER_SEARCH),
  },
  {
    method: "GET",
    path: "/V1/customers/me",
    service: "customerCustomerRepositoryV1",
    operation: "getById",
    aclResource: "self",
    operationIdSuffix: "Me",
    summary: "The signed-in customer (customer token)",
    returns: "Customer",
    handler: (ctx) => requireCustomer(ctx.data, selfId(ctx)),
  },
  {
    method: "PUT",
    path: "/V1/customers/me",
    service: "customerCustomerRepositoryV1",
    operation: "save",
    aclResource: "self",
    operationIdSuffix: "Me",
    summary: "Update the signed-in customer (customer token)",
    body: customerBody,
    returns: "Customer",
    handler: (ctx) => updateCustomer(ctx, selfId(ctx), requireObject(ctx.body, "customer")),
  },
  {
    method: "POST",
    path: "/V1/customers/isEmailAvailable",
    service: "customerAccountManagementV1",
    operation: "isEmailAvailable",
    aclResource: "anonymous",
    summary: "Check if given email is associated with a customer account in given website",
    body: [
      { name: "customerEmail", type: "string", required: true, description: "Email to check" },
      { name: "websiteId", type: "integer", description: "Website (default: the current store's website)" },
    ],
    returns: "boolean",
    handler: (ctx) => {
      if (ctx.body.customerEmail === undefined) throw requiredField("customerEmail");
      const websiteId =
        ctx.body.websiteId === undefined || ctx.body.websiteId === null
          ? ctx.store.website_id || 1
          : toInt(ctx.body.websiteId);
      return ctx.data.customerByEmail(toStr(ctx.body.customerEmail), websiteId) === undefined;
    },
  },
  {
    method: "POST",
    path: "/V1/customers",
    service: "customerAccountManagementV1",
    operation: "createAccount",
    aclResource: "anonymous",
    summary: "Create customer account",
    returns: "Customer",
    body: [...customerBody, { name: "password", type: "string", description: "Password (at least 8 characters)" }],
    handler: (ctx) => {
      const input = requireObject(ctx.body, "customer");
      return createCustomer(ctx, input, ctx.body.password === undefined ? undefined : toStr(ctx.body.password));
    },
  },
  {
    method: "GET",
    path: "/V1/customers/:customerId",
    service: "customerCustomerRepositoryV1",
    operation: "getById",
    aclResource: CUSTOMERS_READ,
    summary: "Get customer by Customer ID",
    returns: "Customer",
    handler: (ctx) => requireCustomer(ctx.data, intParam(ctx.params, "customerId")),
  },
  {
    method: "PUT",
    path: "/V1/customers/:customerId",
    service: "customerCustomerRepositoryV1",
    operation: "save",
    aclResource: CUSTOMERS,
    summary: "Update a customer",
    body: customerBody,
    returns: "Customer",
    handler: (ctx) => updateCustomer(ctx, intParam(ctx.params, "customerId"), requireObject(ctx.body, "customer")),
  },
  {
    method: "DELETE",
    path: "/V1/customers/:customerId",
    service: "customerCustomerRepositoryV1",
    operation: "deleteById",
    aclResource: CUSTOMERS,
    summary: "Delete customer by Customer ID",
    returns: "true",
    handler: (ctx) => {
      const id = intParam(ctx.params, "customerId");
      requireCustomer(ctx.data, id);
      ctx.data.customers.delete(id);
      return true;
    },
  },
];
