/** Starting JSON bodies for a few common write operations (the seed: entities wrapped under their parameter name). */
export const BODY_EXAMPLES: Record<string, unknown> = {
  "POST /V1/categories": { category: { name: "New category", is_active: true, parent_id: 2 } },
  "PUT /V1/products/{sku}": { product: { name: "New name", price: 42 } },
  "POST /V1/products": {
    product: {
      sku: "NEW-SKU-1",
      name: "New product",
      price: 10,
      attribute_set_id: 4,
      type_id: "simple",
      status: 1,
      visibility: 4,
    },
  },
  "POST /V1/integration/admin/token": { username: "admin", password: "admin123" },
  "POST /V1/integration/customer/token": { username: "roni_cost@example.com", password: "roni_cost3" },
  "POST /V1/orders/{id}/comments": {
    statusHistory: { comment: "Checked by the integration", is_customer_notified: 0, is_visible_on_front: 0 },
  },
  "POST /V1/cmsPage": { page: { identifier: "new-page", title: "New page", content: "<p>Hello</p>", is_active: true } },
};

export function bodyExample(method: string, path: string): string {
  const ex = BODY_EXAMPLES[`${method} ${path}`];
  if (ex !== undefined) return JSON.stringify(ex, null, 2);
  return method === "POST" || method === "PUT" ? "{}" : "";
}
