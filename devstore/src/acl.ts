/**
 * The dev store's ACL tree: a small, faithful subset of Magento's acl.xml resources. An integration is
 * granted "all" or a list of resource ids; a grant on a parent covers its children, as in Magento.
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
                ],
              },
            ],
          },
          { id: "Magento_Sales::sales_invoice", title: "Invoices" },
          { id: "Magento_Sales::shipment", title: "Shipments" },
          { id: "Magento_Sales::sales_creditmemo", title: "Credit Memos" },
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
          { id: "Magento_Config::config", title: "Configuration" },
        ],
      },
      {
        id: "Magento_Backend::stores_other_settings",
        title: "Other Settings",
        children: [{ id: "Magento_Tax::manage_tax", title: "Tax Zones and Rates" }],
      },
    ],
  },
  {
    id: "Magento_Backend::system",
    title: "System",
    children: [{ id: "Magento_Integration::integrations", title: "Integrations" }],
  },
];

const parentOf = new Map<string, string | undefined>();
(function index(nodes: AclNode[], parent?: string) {
  for (const n of nodes) {
    parentOf.set(n.id, parent);
    if (n.children) index(n.children, n.id);
  }
})(ACL_TREE);

export function isKnownResource(id: string): boolean {
  return parentOf.has(id);
}

/** True when `granted` ("all" or a list of ids) covers `resource` directly or through an ancestor. */
export function isAllowed(granted: "all" | readonly string[], resource: string): boolean {
  if (granted === "all") return true;
  const set = new Set(granted);
  for (let id: string | undefined = resource; id; id = parentOf.get(id)) if (set.has(id)) return true;
  return false;
}
