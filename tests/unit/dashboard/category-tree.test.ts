import { describe, expect, it } from "vitest";
import { categoryTreeFields, countNodes, filterTree, parseCategoryTree } from "@/lib/dashboard/category-tree";
import { validateFields } from "@magento-integration/client";

describe("category tree", () => {
  it("builds a nested fields value that packages/client/src/magento accepts", () => {
    expect(categoryTreeFields(0)).toBe("id,parent_id,name,is_active,level,product_count");
    const f = categoryTreeFields(2);
    expect(f).toBe(
      "id,parent_id,name,is_active,level,product_count,children_data[id,parent_id,name,is_active,level,product_count,children_data[id,parent_id,name,is_active,level,product_count]]",
    );
    expect(() => validateFields(categoryTreeFields(6))).not.toThrow();
  });

  it("parses, counts and filters keeping ancestors", () => {
    const tree = parseCategoryTree({
      id: 1,
      name: "Root",
      is_active: "1",
      children_data: [
        { id: 2, name: "Gear", is_active: true, children_data: [{ id: 3, name: "Bags", is_active: 0 }] },
        { id: 4, name: "Women", is_active: true },
      ],
    });
    expect(countNodes(tree)).toBe(4);
    expect(tree.is_active).toBe(true);
    expect(tree.children_data[0]!.children_data[0]!.is_active).toBe(false);
    const filtered = filterTree(tree, "bag");
    expect(filtered?.children_data.map((c) => c.name)).toEqual(["Gear"]);
    expect(filtered?.children_data[0]!.children_data.map((c) => c.name)).toEqual(["Bags"]);
    expect(filterTree(tree, "nothing")).toBeNull();
  });
});
