/**
 * Customer and address attribute metadata (magento/magento2 app/code/Magento/Customer/etc/webapi.xml, resource
 * Magento_Customer::customer; behaviour of Customer/Model/Metadata/CustomerMetadata.php and AddressMetadata.php).
 */
import type { CustomerAttributeMetadata } from "../../data/index.ts";
import { noSuchEntityField, noSuchEntityFields } from "../errors.ts";
import type { RouteDef } from "../route.ts";

const CUSTOMER = "Magento_Customer::customer";

function render(m: CustomerAttributeMetadata): Record<string, unknown> {
  const { forms: _f, ...rest } = m;
  return rest;
}

function metadataRoutes(
  entity: "customer" | "customerAddress",
  service: string,
  pick: (d: {
    customerMetadata: readonly CustomerAttributeMetadata[];
    addressMetadata: readonly CustomerAttributeMetadata[];
  }) => readonly CustomerAttributeMetadata[],
): RouteDef[] {
  const entityType = entity === "customer" ? "customer" : "customer_address";
  return [
    {
      method: "GET",
      path: `/V1/attributeMetadata/${entity}`,
      service,
      operation: "getAllAttributesMetadata",
      aclResource: CUSTOMER,
      summary: `Every ${entityType} attribute`,
      returns: "AttributeMetadata[]",
      handler: (ctx) => pick(ctx.data).map(render),
    },
    {
      method: "GET",
      path: `/V1/attributeMetadata/${entity}/custom`,
      service,
      operation: "getCustomAttributesMetadata",
      aclResource: CUSTOMER,
      summary: `User-defined ${entityType} attributes`,
      returns: "AttributeMetadata[]",
      handler: (ctx) =>
        pick(ctx.data)
          .filter((m) => m.user_defined)
          .map(render),
    },
    {
      method: "GET",
      path: `/V1/attributeMetadata/${entity}/attribute/:attributeCode`,
      service,
      operation: "getAttributeMetadata",
      aclResource: CUSTOMER,
      summary: `One ${entityType} attribute`,
      returns: "AttributeMetadata",
      handler: (ctx) => {
        const code = ctx.params.attributeCode ?? "";
        const m = pick(ctx.data).find((x) => x.attribute_code === code);
        if (!m) throw noSuchEntityFields("entityType", entityType, "attributeCode", code);
        return render(m);
      },
    },
    {
      method: "GET",
      path: `/V1/attributeMetadata/${entity}/form/:formCode`,
      service,
      operation: "getAttributes",
      aclResource: CUSTOMER,
      summary: `The ${entityType} attributes a form shows`,
      returns: "AttributeMetadata[]",
      handler: (ctx) => {
        const form = ctx.params.formCode ?? "";
        const list = pick(ctx.data).filter((m) => m.forms.includes(form));
        if (list.length === 0) throw noSuchEntityField("formCode", form);
        return list.map(render);
      },
    },
  ];
}

export const customerMetadataRoutes: RouteDef[] = [
  ...metadataRoutes("customer", "customerCustomerMetadataV1", (d) => d.customerMetadata),
  ...metadataRoutes("customerAddress", "customerAddressMetadataV1", (d) => d.addressMetadata),
];
