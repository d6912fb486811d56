/**
 * The dev store's ACL tree: the subset of Magento's acl.xml resources its routes check (every `aclResource` of the
 * route table but Magento_Backend::admin, the root, which only "all" grants). An integration is
 * granted "all" or a list of resource ids, matched exactly: Magento's `Rules::saveRel` writes an allow or deny
 * row for every resource, so a parent never covers a child that was not granted itself.
 */
export interface AclNode {
  id: string;
  title: string;
  children?: AclNode[];
}

export const ACL_TREE: AclNode[] = [
  {
    id: "Magento_Sales::sales",
    title: "Sales",
    children: [
      {
        id: "Magento_Sales::sales_operation",
        title: "Operations",
        children: [
          {
            id: "Magento_Sales::sales_order",
            title: "Orders",
            children: [
              {
                id: "Magento_Sales::actions",
                title: "Actions",
                children: [
                  { id: "Magento_Sales::actions_view", title: "View" },
                  { id: "Magento_Sales::create", title: "Create" },
                  { id: "Magento_Sales::actions_edit", title: "Edit" },
                  { id: "Magento_Sales::cancel", title: "Cancel" },
                  { id: "Magento_Sales::hold", title: "Hold" },
                  { id: "Magento_Sales::unhold", title: "Unhold" },
                  { id: "Magento_Sales::comment", title: "Comment" },
                  { id: "Magento_Sales::invoice", title: "Invoice" },
                  { id: "Magento_Sales::ship", title: "Ship" },
                  { id: "Magento_Sales::creditmemo", title: "Credit Memos" },
                  { id: "Magento_Sales::emails", title: "Send Sales Emails" },
                ],
              },
            ],
          },
          { id: "Magento_Sales::sales_invoice", title: "Invoices" },
          { id: "Magento_Sales::shipment", title: "Shipments" },
          { id: "Magento_Sales::sales_creditmemo", title: "Credit Memos" },
          { id: "Magento_Sales::transactions", title: "Transactions" },
          { id: "Magento_Rma::magento_rma", title: "Returns" },
        ],
      },
    ],
  },
  {
    id: "Magento_Catalog::catalog",
    title: "Catalog",
    children: [
      {
        id: "Magento_Catalog::catalog_inventory",
        title: "Inventory",
        children: [
          { id: "Magento_Catalog::products", title: "Products" },
          { id: "Magento_Catalog::categories", title: "Categories" },
          { id: "Magento_Downloadable::downloadable", title: "Downloadable Links and Samples" },
        ],
      },
    ],
  },
  {
    id: "Magento_Customer::customer",
    title: "Customers",
    children: [
      { id: "Magento_Customer::manage", title: "All Customers" },
      { id: "Magento_Customer::group", title: "Customer Groups" },
    ],
  },
  {
    id: "Magento_Backend::marketing",
    title: "Marketing",
    children: [
      {
        id: "Magento_CatalogRule::promo",
        title: "Promotions",
        children: [{ id: "Magento_SalesRule::quote", title: "Cart Price Rules" }],
      },
    ],
  },
  {
    id: "Magento_Cart::cart",
    title: "Carts",
    children: [{ id: "Magento_Cart::manage", title: "Manage carts" }],
  },
  {
    id: "Magento_Backend::content",
    title: "Content",
    children: [
      {
        id: "Magento_Backend::content_elements",
        title: "Elements",
        children: [
          { id: "Magento_Cms::page", title: "Pages" },
          { id: "Magento_Cms::block", title: "Blocks" },
        ],
      },
    ],
  },
  {
    id: "Magento_Backend::stores",
    title: "Stores",
    children: [
      {
        id: "Magento_Backend::stores_settings",
        title: "Settings",
        children: [
          { id: "Magento_Backend::store", title: "All Stores" },
          {
            id: "Magento_Config::config",
            title: "Configuration",
            children: [{ id: "Magento_CatalogInventory::cataloginventory", title: "Inventory Section" }],
          },
        ],
      },
      {
        id: "Magento_InventoryApi::inventory",
        title: "Inventory",
        children: [{ id: "Magento_InventoryApi::source", title: "Sources" }],
      },
      {
        id: "Magento_Backend::stores_attributes",
        title: "Attributes",
        children: [
          { id: "Magento_Catalog::attributes_attributes", title: "Product" },
          { id: "Magento_Catalog::sets", title: "Attribute Set" },
        ],
      },
      {
        id: "Magento_Backend::stores_other_settings",
        title: "Other Settings",
        children: [
          { id: "Magento_Tax::manage_tax", title: "Tax Zones and Rates" },
          { id: "Magento_GiftWrapping::magento_giftwrapping", title: "Gift Wrapping" },
        ],
      },
    ],
  },
  {
    id: "Magento_Analytics::analytics",
    title: "Analytics",
    children: [{ id: "Magento_Analytics::analytics_api", title: "API" }],
  },
  {
    id: "Magento_Backend::system",
    title: "System",
    children: [
      {
        id: "Magento_Logging::magento_logging",
        title: "Action Logs",
        children: [{ id: "Magento_Logging::system_magento_logging_bulk_operations", title: "Bulk Actions" }],
      },
      { id: "Magento_Integration::integrations", title: "Integrations" },
    ],
  },
];

const parentOf = new Map<string, string | undefined>();
const childrenOf = new Map<string, AclNode[]>();
(function index(nodes: AclNode[], parent?: string) {
  for (const n of nodes) {
    parentOf.set(n.id, parent);
    childrenOf.set(n.id, n.children ?? []);
    if (n.children) index(n.children, n.id);
  }
})(ACL_TREE);

export function isKnownResource(id: string): boolean {
  return parentOf.has(id);
}

/** Each id followed by all its descendants, without duplicates (what ticking a node does in the admin tree). */
export function withDescendants(ids: readonly string[]): string[] {
  const out = new Set<string>();
  const add = (id: string) => {
    out.add(id);
    for (const c of childrenOf.get(id) ?? []) add(c.id);
  };
  for (const id of ids) add(id);
  return [...out];
}

/** True when `granted` is "all" or lists `resource` itself (one rule per resource, no inheritance). */
export function isAllowed(granted: "all" | readonly string[], resource: string): boolean {
  return granted === "all" || granted.includes(resource);
}
