import type { Metadata } from "next";
import Link from "next/link";
import { gridFields, gridSearchCriteria, parseGridParams } from "@/lib/dashboard/grid";
import { PRODUCT_STATUS_LABELS, productsGrid, type ProductRow } from "@/lib/dashboard/products-grid";
import { parseListResult } from "@/lib/dashboard/list-result";
import { categoryTreeFields, flattenTree, parseCategoryTree } from "@/lib/dashboard/category-tree";
import { formatMoney, formatStoreDate, text } from "@/lib/dashboard/format";
import { StoreHeader } from "@/app/components/StoreHeader";
import { GridTable } from "@/app/components/GridTable";
import { RequestDetails } from "@/app/components/RequestDetails";
import { GridFilterForm } from "@/app/components/GridFilterForm";
import { GridResults } from "@/app/components/GridResults";
import { Field, SelectField } from "@/app/components/ui";
import { attempt, loadStore, storeClient, storeCurrency } from "../_lib/store-context";

export const metadata: Metadata = { title: "Products" };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ProductsPage({ params, searchParams }: Props) {
  const { id } = await params;
  const { user, store } = await loadStore(id, "/products");
  const state = parseGridParams(productsGrid, await searchParams);
  const basePath = `/stores/${encodeURIComponent(id)}/products`;
  const criteria = gridSearchCriteria(productsGrid, state);
  const fieldsValue = gridFields(productsGrid);

  const client = await attempt(() => storeClient(store.installationId, user.id));
  const currency = client.ok ? await storeCurrency(store.installationId, user.id) : undefined;
  const [list, categories] = client.ok
    ? await Promise.all([
        attempt(async () => {
          const res = await client.value.request({ method: "GET", path: productsGrid.path, searchCriteria: criteria, fields: fieldsValue });
          return { ...parseListResult<ProductRow>(res.data), durationMs: res.durationMs };
        }),
        attempt(async () => {
          const res = await client.value.request({ method: "GET", path: "/V1/categories", fields: categoryTreeFields(5) });
          return flattenTree(parseCategoryTree(res.data));
        }),
      ])
    : [client, client];

  const f = state.filters;

  return (
    <>
      <StoreHeader store={store} section="products" title="Products" description="Search, filter and sort the catalogue. Every filter is in the URL: share it or use the back button." />

      <GridFilterForm spec={productsGrid} state={state} basePath={basePath} label="Filter products">
        <div className="form-row">
          <Field label="Name or SKU contains" name="q" type="search" defaultValue={f.q ?? ""} error={state.errors.q} />
          <Field label="Price from" name="price_from" inputMode="decimal" defaultValue={f.price_from ?? ""} error={state.errors.price_from} />
          <Field label="Price to" name="price_to" inputMode="decimal" defaultValue={f.price_to ?? ""} error={state.errors.price_to} />
          <SelectField
            label="Status"
            name="status"
            defaultValue={f.status ?? ""}
            error={state.errors.status}
            options={[{ value: "", label: "Any" }, ...Object.entries(PRODUCT_STATUS_LABELS).map(([value, label]) => ({ value, label }))]}
          />
          {categories.ok ? (
            <SelectField
              label="Category"
              name="category"
              defaultValue={f.category ?? ""}
              error={state.errors.category}
              options={[{ value: "", label: "Any" }, ...categories.value.map((c) => ({ value: String(c.id), label: `${"· ".repeat(Math.max(0, (c.depth ?? 0)))}${c.name ?? c.id}` }))]}
            />
          ) : (
            <Field label="Category ID" name="category" inputMode="numeric" defaultValue={f.category ?? ""} error={state.errors.category} />
          )}
        </div>
      </GridFilterForm>
      <GridResults list={list} spec={productsGrid} state={state} basePath={basePath} storeId={id} noun="products" emptyHint="Nothing in this store matches these filters. Widen the price range or clear the search.">
        {(items, total) => (
          <GridTable
            id="products"
            caption="Products"
            basePath={basePath}
            spec={productsGrid}
            state={state}
            total={total}
            columns={[
              { key: "sku", label: "SKU", sortField: "sku" },
              { key: "name", label: "Name", sortField: "name" },
              { key: "price", label: "Price", sortField: "price", numeric: true },
              { key: "status", label: "Status", sortField: "status" },
              { key: "type_id", label: "Type", sortField: "type_id" },
              { key: "updated_at", label: "Updated", sortField: "updated_at" },
            ]}
          >
            {items.map((p) => (
              <tr key={p.sku}>
                <td>
                  <Link href={`${basePath}/${encodeURIComponent(p.sku)}`} prefetch={false} className="mono">
                    {p.sku}
                  </Link>
                </td>
                <td>{text(p.name)}</td>
                <td className="num">{formatMoney(p.price, currency)}</td>
                <td>{PRODUCT_STATUS_LABELS[String(p.status)] ?? text(p.status)}</td>
                <td>{text(p.type_id)}</td>
                <td>{formatStoreDate(p.updated_at)}</td>
              </tr>
            ))}
          </GridTable>
        )}
      </GridResults>
      <RequestDetails path={productsGrid.path} criteria={criteria} fields={fieldsValue} durationMs={list.ok ? list.value.durationMs : undefined} />
    </>
  );
}
