/**
 * ACL resources as a merchant sees them: the checkbox in the integration's API tab (System › Extensions ›
 * Integrations › Edit › API, "Resource Access: Custom"), and what to do when a call is refused for one. Magento
 * names the resource in its 401 (`The consumer isn't authorized to access %resources.`, the route's
 * `<resource ref>` from the module's etc/webapi.xml; docs/rest-semantics.md), so the advice follows the
 * resource the store named, not a guess. Two resources have no checkbox: `self` (a customer's own data, customer
 * tokens only) and `Magento_Backend::admin` (the root of the tree: only "Resource Access: All" grants it).
 */

/** Where each resource's checkbox sits in the admin's resource tree (Magento's acl.xml titles). */
export const RESOURCE_TITLES: Readonly<Record<string, string>> = {
  "Magento_Sales::sales": "Sales",
  "Magento_Sales::sales_operation": "Sales › Operations",
  "Magento_Sales::sales_order": "Sales › Operations › Orders",
  "Magento_Sales::actions": "Sales › Operations › Orders › Actions",
  "Magento_Sales::actions_view": "Sales › Operations › Orders › Actions › View",
  "Magento_Sales::create": "Sales › Operations › Orders › Actions › Create",
  "Magento_Sales::actions_edit": "Sales › Operations › Orders › Actions › Edit",
  "Magento_Sales::cancel": "Sales › Operations › Orders › Actions › Cancel",
  "Magento_Sales::hold": "Sales › Operations › Orders › Actions › Hold",
  "Magento_Sales::unhold": "Sales › Operations › Orders › Actions › Unhold",
  "Magento_Sales::comment": "Sales › Operations › Orders › Actions › Comment",
  "Magento_Sales::invoice": "Sales › Operations › Orders › Actions › Invoice",
  "Magento_Sales::ship": "Sales › Operations › Orders › Actions › Ship",
  "Magento_Sales::creditmemo": "Sales › Operations › Orders › Actions › Credit Memos",
  "Magento_Sales::sales_invoice": "Sales › Operations › Invoices",
  "Magento_Sales::shipment": "Sales › Operations › Shipments",
  "Magento_Sales::sales_creditmemo": "Sales › Operations › Credit Memos",
  "Magento_Sales::transactions": "Sales › Operations › Transactions",
  "Magento_Catalog::catalog": "Catalog",
  "Magento_Catalog::catalog_inventory": "Catalog › Inventory",
  "Magento_Catalog::products": "Catalog › Inventory › Products",
  "Magento_Catalog::categories": "Catalog › Inventory › Categories",
  "Magento_CatalogInventory::cataloginventory": "Stores › Settings › Configuration › Inventory Section",
  "Magento_Customer::customer": "Customers",
  "Magento_Customer::manage": "Customers › All Customers",
  "Magento_Customer::group": "Customers › Customer Groups",
  "Magento_Cart::cart": "Carts",
  "Magento_Cart::manage": "Carts › Manage carts",
  "Magento_Backend::content": "Content",
  "Magento_Backend::content_elements": "Content › Elements",
  "Magento_Cms::page": "Content › Elements › Pages",
  "Magento_Cms::block": "Content › Elements › Blocks",
  "Magento_Backend::stores": "Stores",
  "Magento_Backend::stores_settings": "Stores › Settings",
  "Magento_Backend::store": "Stores › Settings › All Stores",
  "Magento_Config::config": "Stores › Settings › Configuration",
  "Magento_Tax::manage_tax": "Stores › Other Settings › Tax Zones and Rates",
  "Magento_Backend::system": "System",
  "Magento_Integration::integrations": "System › Integrations",
};

export interface AclAdvice {
  /** Short: what the integration lacks. */
  title: string;
  /** The exact step in the store admin (or why there is none). */
  advice: string;
  /** "checkbox": tick one; "all": only Resource Access All; "customer_only": no integration can; "none": not an ACL problem. */
  kind: "checkbox" | "all" | "customer_only" | "none";
}

const EDIT = "In the store admin open System › Extensions › Integrations, edit this integration, open its API tab";
const THEN = "Save, then click Reauthorize so the new permission reaches the app's token.";

/** What to do about a refused resource (or a comma-separated list of them, as Magento writes it). */
export function aclAdvice(resources: string): AclAdvice {
  const list = resources
    .split(",")
    .map((r) => r.trim())
    .filter(Boolean);
  if (list.includes("self")) {
    return {
      kind: "customer_only",
      title: "This operation is for a signed-in customer, not an integration",
      advice:
        "Its resource is “self”: Magento answers it only for a customer token (the customer's own data), and no integration can be granted it. Use the admin counterpart instead (for example /V1/customers/{customerId} rather than /V1/customers/me).",
    };
  }
  if (list.length === 0 || list.every((r) => r === "anonymous")) {
    return {
      kind: "none",
      title: "The store refused the app's token",
      advice: "This operation needs no permission, so the store refused the token itself. Open Diagnostics and run the health probe.",
    };
  }
  if (list.includes("Magento_Backend::admin")) {
    return {
      kind: "all",
      title: "Only an integration with full access can call this",
      advice: `Its resource is Magento_Backend::admin, the root of the resource tree, which has no checkbox of its own. ${EDIT}, set Resource Access to “All”, ${THEN}`,
    };
  }
  const named = list.map((r) => (RESOURCE_TITLES[r] ? `“${RESOURCE_TITLES[r]}” (${r})` : r));
  return {
    kind: "checkbox",
    title: `The integration is not allowed to use ${list.join(", ")}`,
    advice: `${EDIT}, tick ${named.join(" and ")} under Resource Access: Custom, ${THEN}`,
  };
}
