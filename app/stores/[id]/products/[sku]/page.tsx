import type { Metadata } from "next";
import Link from "next/link";
import { formatMoney, formatStoreDate, PRODUCT_STATUS_LABELS, records, text } from "@/lib/dashboard";
import { StoreHeader } from "@/app/components/StoreHeader";
import { RecordPage, type RecordAt } from "@/app/components/RecordPage";
import { RequestDetails } from "@/app/components/RequestDetails";
import { Card, Table } from "@/app/components/ui";
import { EditProductForm } from "./EditProductForm";
import { updateProduct } from "./actions";

type Props = { params: Promise<{ id: string; sku: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { sku } = await params;
  return { title: `Product ${records.PRODUCT_RECORD.key(sku) ?? sku}` };
}

export default async function ProductPage({ params }: Props) {
  const { id, sku } = await params;
  return (
    <RecordPage spec={records.PRODUCT_RECORD} storeId={id} segment={sku}>
      {(data, at) => <ProductView {...data} {...at} />}
    </RecordPage>
  );
}

type ProductData = Awaited<ReturnType<typeof records.PRODUCT_RECORD.load>>;

function ProductView({
  product: p,
  links,
  currency,
  categoryNames: names,
  request,
  store,
  base,
  key: sku,
}: ProductData & RecordAt) {
  const id = store.installationId;
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
        fields={request.fields}
        durationMs={request.durationMs}
      />
    </>
  );
}
