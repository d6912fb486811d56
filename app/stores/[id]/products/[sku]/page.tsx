import type { Metadata } from "next";
import Link from "next/link";
import {
  categoryTreeFields,
  flattenTree,
  formatMoney,
  formatStoreDate,
  parseCategoryTree,
  PRODUCT_DETAIL_FIELDS,
  PRODUCT_STATUS_LABELS,
  productDetailSchema,
  storeCurrency,
  text,
} from "@/lib/dashboard";
import { StoreHeader } from "@/app/components/StoreHeader";
import { ApiErrorPanel } from "@/app/components/ApiErrorPanel";
import { RequestDetails } from "@/app/components/RequestDetails";
import { Card, Table } from "@/app/components/ui";
import { attempt, loadStore } from "../../_lib/store-context";
import { EditProductForm } from "./EditProductForm";
import { updateProduct } from "./actions";

type Props = { params: Promise<{ id: string; sku: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { sku } = await params;
  return { title: `Product ${decodeURIComponent(sku)}` };
}

export default async function ProductPage({ params }: Props) {
  const { id, sku: rawSku } = await params;
  const sku = decodeURIComponent(rawSku);
  const { store, client: storeClient } = await loadStore(id, `/products/${encodeURIComponent(sku)}`);
  const client = await attempt(storeClient);
  const product = !client.ok
    ? client
    : await attempt(async () => {
        const res = await client.value.call("getProductsBySku", { pathParams: { sku }, fields: PRODUCT_DETAIL_FIELDS });
        return { data: productDetailSchema.parse(res.data), durationMs: res.durationMs };
      });
  const currency = product.ok && client.ok ? await storeCurrency(store.installationId, client.value) : undefined;
  const links = product.ok ? (product.value.data.extension_attributes?.category_links ?? []) : [];
  // category names for the links, from the category tree (one call; works on every store)
  const names = await attempt(async () => {
    if (!client.ok || links.length === 0) return new Map<string, string>();
    const res = await client.value.call("getCategories", { fields: categoryTreeFields(6) });
    return new Map(flattenTree(parseCategoryTree(res.data)).map((c) => [String(c.id), c.name ?? ""]));
  });
  const base = `/stores/${encodeURIComponent(id)}`;

  if (!product.ok) {
    return (
      <>
        <StoreHeader store={store} section="products" title={sku} />
        <ApiErrorPanel error={product.error} storeId={id} doing={`loading product ${sku}`} />
        <p>
          <Link href={`${base}/products`}>Back to products</Link>
        </p>
      </>
    );
  }
  const p = product.value.data;
  const stock = p.extension_attributes?.stock_item;
  return (
    <>
      <StoreHeader
        store={store}
        section="products"
        title={p.name ?? sku}
        description={<span className="mono">SKU {p.sku}</span>}
      />
      <div className="card-grid">
        <Card title="Product">
          <dl className="facts">
            <dt>SKU</dt>
            <dd className="mono">{p.sku}</dd>
            <dt>Price</dt>
            <dd>{formatMoney(p.price, currency)}</dd>
            <dt>Status</dt>
            <dd>{PRODUCT_STATUS_LABELS[String(p.status)] ?? text(p.status)}</dd>
            <dt>Type</dt>
            <dd>{text(p.type_id)}</dd>
            <dt>Updated</dt>
            <dd>{formatStoreDate(p.updated_at)}</dd>
          </dl>
        </Card>
        <Card title="Stock item">
          {stock ? (
            <dl className="facts">
              <dt>Item ID</dt>
              <dd>{text(stock.item_id)}</dd>
              <dt>Quantity</dt>
              <dd>{text(stock.qty)}</dd>
              <dt>In stock</dt>
              <dd>{stock.is_in_stock === undefined ? "—" : stock.is_in_stock ? "Yes" : "No"}</dd>
            </dl>
          ) : (
            <p className="muted">The store returned no stock item for this product.</p>
          )}
        </Card>
      </div>
      <Card title="Edit">
        <EditProductForm
          action={updateProduct.bind(null, id, p.sku, stock?.item_id)}
          initial={{
            name: p.name ?? "",
            price: p.price === undefined ? "" : String(p.price),
            qty: stock?.qty === undefined || stock.qty === null ? "0" : String(stock.qty),
          }}
        />
      </Card>
      {links.length === 0 ? (
        <Card title="Categories">
          <p className="muted">This product is in no category.</p>
        </Card>
      ) : (
        <Table
          id="category-links"
          caption="Category links"
          captionNote="extension_attributes.category_links"
          columns={[
            { key: "id", label: "Category ID", numeric: true },
            { key: "name", label: "Name" },
            { key: "position", label: "Position", numeric: true },
          ]}
        >
          {links.map((l) => (
            <tr key={l.category_id}>
              <td className="num">{l.category_id}</td>
              <td>
                <Link href={`${base}/products?category=${encodeURIComponent(l.category_id)}`} prefetch={false}>
                  {names.ok
                    ? (names.value.get(l.category_id) ?? `Category ${l.category_id}`)
                    : `Category ${l.category_id}`}
                </Link>
              </td>
              <td className="num">{text(l.position)}</td>
            </tr>
          ))}
        </Table>
      )}
      <RequestDetails
        path={`/V1/products/${encodeURIComponent(p.sku)}`}
        fields={PRODUCT_DETAIL_FIELDS}
        durationMs={product.value.durationMs}
      />
    </>
  );
}
