/**
 * ACL resources as a merchant sees them: the checkbox in the integration's API tab (System › Extensions ›
 * Integrations › Edit › API, "Resource Access: Custom"), and what to do when a call is refused for one. Magento
 * names the resource in its 401 (`The consumer isn't authorized to access %resources.`, the route's
 * `<resource ref>` from the module's etc/webapi.xml; docs/rest-semantics.md), so the advice follows the
 * resource the store named, not a guess. Two resources have no checkbox: `self` (a customer's own data, customer
 * tokens only) and `Magento_Backend::admin` (the root of the tree: only "Resource Access: All" grants it).
 */

import { RESOURCE_TITLES } from "@/lib/dashboard/acl-data";

export { RESOURCE_TITLES } from "@/lib/dashboard/acl-data";

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
      advice:
        "This operation needs no permission, so the store refused the token itself. Open Diagnostics and run the health probe.",
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
