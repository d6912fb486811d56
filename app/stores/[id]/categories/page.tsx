import { Suspense } from "react";
import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { attempt, grids } from "@/lib/dashboard";
import { StoreHeader } from "@/app/components/StoreHeader";
import { ApiErrorPanel } from "@/app/components/ApiErrorPanel";
import { GridSkeleton } from "@/app/components/GridSkeleton";
import { RequestDetails } from "@/app/components/RequestDetails";
import { Badge, Button, EmptyState, Field, LinkButton } from "@/app/components/ui";
import { loadStore } from "@/app/_kit";
import type { StoreSummary } from "@/lib/kit";

export const metadata: Metadata = { title: "Categories" };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const TREE_DEPTH = 6;
const qSchema = z.string().trim().min(1).max(100).optional().catch(undefined);

function Node({ node, productsHref }: { node: grids.categoryTree.CategoryNode; productsHref: (id: number) => string }) {
  return (
    <li>
      <span>
        <Link href={productsHref(node.id)} prefetch={false}>
          {node.name ?? `#${node.id}`}
        </Link>{" "}
        <span className="muted">
          #{node.id}
          {node.product_count !== undefined ? ` · ${node.product_count} products` : ""}
        </span>{" "}
        {node.is_active === false ? <Badge>Inactive</Badge> : null}
      </span>
      {node.children_data.length > 0 ? (
        <ul>
          {node.children_data.map((c) => (
            <Node key={c.id} node={c} productsHref={productsHref} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The frame and the search form render at once; the tree streams in from the store below them. */
export default async function CategoriesPage({ params, searchParams }: Props) {
  const { id } = await params;
  const { store, client } = await loadStore(id, "/categories");
  const sp = await searchParams;
  const q = qSchema.parse(Array.isArray(sp.q) ? sp.q[0] : sp.q);
  const basePath = `/stores/${encodeURIComponent(id)}/categories`;

  return (
    <>
      <StoreHeader
        store={store}
        section="categories"
        title="Categories"
        description="The category tree. Select a category to see its products."
      />
      <form method="get" action={basePath} className="card" role="search" aria-label="Find categories">
        <div className="form-row">
          <Field label="Name contains" name="q" type="search" defaultValue={q ?? ""} />
        </div>
        <div className="form-actions">
          <Button>Find</Button>
          <LinkButton href={basePath} variant="ghost">
            Clear
          </LinkButton>
        </div>
      </form>
      <Suspense fallback={<GridSkeleton label="categories" />}>
        <CategoryTree store={store} client={client} q={q} basePath={basePath} />
      </Suspense>
    </>
  );
}

async function CategoryTree({
  store,
  client: storeClient,
  q,
  basePath,
}: {
  store: StoreSummary;
  client: Awaited<ReturnType<typeof loadStore>>["client"];
  q: string | undefined;
  basePath: string;
}) {
  const id = store.installationId;
  const fieldsValue = grids.categoryTree.categoryTreeFields(TREE_DEPTH);
  const tree = await attempt(async () => {
    const res = await storeClient().call("getCategories", { fields: fieldsValue });
    return { root: grids.categoryTree.parseCategoryTree(res.data), durationMs: res.durationMs };
  });
  const shown = tree.ok ? (q ? grids.categoryTree.filterTree(tree.value.root, q) : tree.value.root) : null;
  const productsHref = (categoryId: number) => `/stores/${encodeURIComponent(id)}/products?category=${categoryId}`;

  return (
    <>
      {!tree.ok ? (
        <ApiErrorPanel error={tree.error} storeId={id} doing="loading the category tree" />
      ) : !shown ? (
        <EmptyState title="No category matches" action={<LinkButton href={basePath}>Show the whole tree</LinkButton>} />
      ) : (
        <section className="card" aria-labelledby="tree-title">
          <h2 id="tree-title">
            Category tree{" "}
            <span className="muted">
              ({grids.categoryTree.countNodes(tree.value.root)} categories{q ? `, showing matches for “${q}”` : ""})
            </span>
          </h2>
          <ul className="tree">
            <Node node={shown} productsHref={productsHref} />
          </ul>
        </section>
      )}
      <RequestDetails
        path="/V1/categories"
        fields={fieldsValue}
        durationMs={tree.ok ? tree.value.durationMs : undefined}
      />
    </>
  );
}
