/** The category tree (GET /V1/categories): a nested `fields` value and a zod-checked tree. */
import { z } from "zod";

export interface CategoryNode {
  id: number;
  parent_id?: number;
  name?: string;
  is_active?: boolean;
  level?: number;
  product_count?: number;
  children_data: CategoryNode[];
}

const NODE_FIELDS = ["id", "parent_id", "name", "is_active", "level", "product_count"] as const;

/** `id,…,children_data[id,…,children_data[…]]` down to `depth` levels below the root. */
export function categoryTreeFields(depth: number): string {
  let inner = NODE_FIELDS.join(",");
  for (let i = 0; i < depth; i++) inner = `${NODE_FIELDS.join(",")},children_data[${inner}]`;
  return inner;
}

const nodeSchema: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
    id: z.coerce.number(),
    parent_id: z.coerce.number().optional(),
    name: z.string().optional(),
    is_active: z
      .union([z.boolean(), z.literal(0), z.literal(1), z.literal("0"), z.literal("1")])
      .transform((v) => v === true || v === 1 || v === "1")
      .optional(),
    level: z.coerce.number().optional(),
    product_count: z.coerce.number().optional(),
    // Magento's fields filter answers a leaf's empty children_data[...] as null (FieldsFilter::applyFilter).
    children_data: z
      .array(nodeSchema)
      .nullish()
      .transform((v) => v ?? []),
  }),
) as unknown as z.ZodType<CategoryNode>;

export function parseCategoryTree(data: unknown): CategoryNode {
  return nodeSchema.parse(data);
}

/** Number of nodes in a tree. */
export function countNodes(node: CategoryNode): number {
  return 1 + node.children_data.reduce((n, c) => n + countNodes(c), 0);
}

/** Keeps nodes whose name contains `q` (case-insensitive) and their ancestors. */
export function filterTree(node: CategoryNode, q: string): CategoryNode | null {
  const needle = q.toLowerCase();
  const children = node.children_data.map((c) => filterTree(c, q)).filter((c): c is CategoryNode => c !== null);
  if (children.length > 0 || (node.name ?? "").toLowerCase().includes(needle))
    return { ...node, children_data: children };
  return null;
}

/** Depth-first list with depth (root = 0), for selects. */
export function flattenTree(node: CategoryNode, depth = 0): Array<CategoryNode & { depth: number }> {
  return [{ ...node, depth }, ...node.children_data.flatMap((c) => flattenTree(c, depth + 1))];
}
