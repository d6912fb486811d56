import type { Customer, CustomerAddress, StoreData } from "../../data/index.ts";
import { noSuchEntityField, notAuthorized } from "../errors.ts";
import type { RouteContext, RouteDef } from "../route.ts";
import { intParam } from "./input.ts";

const CUSTOMERS = "Magento_Customer::manage";

function customerById(data: StoreData, id: number): Customer {
  const c = data.customers.get(id);
  if (!c) throw noSuchEntityField("customerId", id);
  return c;
}

/** The default billing/shipping address, or null (Magento answers `null` when none is set). */
function defaultAddress(c: Customer, kind: "billing" | "shipping"): CustomerAddress | null {
  const id = kind === "billing" ? c.default_billing : c.default_shipping;
  return c.addresses.find((a) => String(a.id) === id) ?? null;
}

function findAddress(data: StoreData, id: number): { customer: Customer; address: CustomerAddress } {
  for (const customer of data.customers.values()) {
    const address = customer.addresses.find((a) => a.id === id);
    if (address) return { customer, address };
  }
  throw noSuchEntityField("addressId", id);
}

function selfCustomer(ctx: RouteContext): Customer {
  if (ctx.caller.kind !== "customer") throw notAuthorized("self");
  return customerById(ctx.data, ctx.caller.customerId);
}

const addressRoutes = (kind: "billing" | "shipping"): RouteDef[] => {
  const op = kind === "billing" ? "getDefaultBillingAddress" : "getDefaultShippingAddress";
  return [
    {
      method: "GET",
      path: `/V1/customers/me/${kind}Address`,
      service: "customerAccountManagementV1",
      operation: op,
      aclResource: "self",
      operationIdSuffix: "Me",
      summary: `Default ${kind} address of the signed-in customer`,
      returns: "Address | null",
      handler: (ctx) => defaultAddress(selfCustomer(ctx), kind),
    },
    {
      method: "GET",
      path: `/V1/customers/:customerId/${kind}Address`,
      service: "customerAccountManagementV1",
      operation: op,
      aclResource: CUSTOMERS,
      summary: `Default ${kind} address of a customer`,
      returns: "Address | null",
      handler: (ctx) => defaultAddress(customerById(ctx.data, intParam(ctx.params, "customerId")), kind),
    },
  ];
};

/** Customer addresses (magento/magento2 app/code/Magento/Customer/etc/webapi.xml, "Customer Addresses"). */
export const customerAddressRoutes: RouteDef[] = [
  ...addressRoutes("billing"),
  ...addressRoutes("shipping"),
  {
    method: "GET",
    path: "/V1/customers/addresses/:addressId",
    service: "customerAddressRepositoryV1",
    operation: "getById",
    aclResource: CUSTOMERS,
    summary: "Retrieve a customer address",
    returns: "Address",
    handler: (ctx) => findAddress(ctx.data, intParam(ctx.params, "addressId")).address,
  },
  {
    method: "DELETE",
    path: "/V1/addresses/:addressId",
    service: "customerAddressRepositoryV1",
    operation: "deleteById",
    aclResource: CUSTOMERS,
    summary: "Delete a customer address by ID",
    returns: "true",
    handler: (ctx) => {
      const { customer, address } = findAddress(ctx.data, intParam(ctx.params, "addressId"));
      customer.addresses = customer.addresses.filter((a) => a.id !== address.id);
      if (customer.default_billing === String(address.id)) delete customer.default_billing;
      if (customer.default_shipping === String(address.id)) delete customer.default_shipping;
      return true;
    },
  },
];
