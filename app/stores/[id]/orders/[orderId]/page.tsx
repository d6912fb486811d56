import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import {
  addressLines,
  byOrder,
  formatMoney,
  formatStoreDate,
  INVOICE_FIELDS,
  BY_ORDER_PAGE,
  INVOICE_STATES,
  invoiceRowSchema,
  ORDER_DETAIL_FIELDS,
  orderDetailSchema,
  orderStatusLabel,
  parseListResult,
  SHIPMENT_FIELDS,
  shipmentRowSchema,
  text,
  visibleItems,
} from "@/lib/dashboard";
import { StoreHeader } from "@/app/components/StoreHeader";
import { RecordLoadFailed } from "@/app/components/RecordLoadFailed";
import { Card, Table } from "@/app/components/ui";
import { attempt, loadStore } from "../../_lib/store-context";

type Props = { params: Promise<{ id: string; orderId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Order ${(await params).orderId}` };
}

/** An order as the merchant needs it: items, totals, addresses, payment, invoices and shipments. */
export default async function OrderPage({ params }: Props) {
  const { id, orderId } = await params;
  if (!/^\d{1,10}$/.test(orderId)) notFound();
  const { store, client: storeClient } = await loadStore(id, `/orders/${orderId}`);
  const client = await attempt(storeClient);
  const order = !client.ok
    ? client
    : await attempt(async () => {
        const res = await client.value.call("getOrdersById", {
          pathParams: { id: orderId },
          fields: ORDER_DETAIL_FIELDS,
        });
        return orderDetailSchema.parse(res.data);
      });
  const base = `/stores/${encodeURIComponent(id)}`;
  if (!order.ok) {
    return (
      <RecordLoadFailed
        store={store}
        section="orders"
        title={`Order ${orderId}`}
        error={order.error}
        doing={`loading order ${orderId}`}
        back={{ href: `${base}/orders`, label: "Back to orders" }}
      />
    );
  }
  const o = order.value;
  const [invoices, shipments] = client.ok
    ? await Promise.all([
        attempt(async () =>
          parseListResult(
            (await client.value.call("getInvoices", { searchCriteria: byOrder(o.entity_id), fields: INVOICE_FIELDS }))
              .data,
            BY_ORDER_PAGE,
          ),
        ),
        attempt(async () =>
          parseListResult(
            (await client.value.call("getShipments", { searchCriteria: byOrder(o.entity_id), fields: SHIPMENT_FIELDS }))
              .data,
            BY_ORDER_PAGE,
          ),
        ),
      ])
    : [client, client];
  const money = (v: number | null | undefined) => formatMoney(v, o.order_currency_code);
  const shipping = o.extension_attributes?.shipping_assignments?.[0]?.shipping;
  const customer = [o.customer_firstname, o.customer_lastname].filter(Boolean).join(" ") || "Guest";
  return (
    <>
      <StoreHeader
        store={store}
        section="orders"
        title={`Order #${text(o.increment_id)}`}
        description={`${orderStatusLabel(o.status)} · placed ${formatStoreDate(o.created_at)}`}
      />
      <div className="card-grid">
        <Card title="Customer">
          <dl className="facts">
            <dt>Name</dt>
            <dd>{o.customer_id ? <Link href={`${base}/customers/${o.customer_id}`}>{customer}</Link> : customer}</dd>
            <dt>Email</dt>
            <dd>{text(o.customer_email)}</dd>
            <dt>Payment</dt>
            <dd className="mono">{text(o.payment?.method)}</dd>
            <dt>Shipping method</dt>
            <dd className="mono">{text(shipping?.method)}</dd>
          </dl>
        </Card>
        <Card title="Billing address">
          <address>
            {addressLines(o.billing_address).map((l, i) => (
              <div key={i}>{l}</div>
            ))}
          </address>
        </Card>
        <Card title="Shipping address">
          {shipping?.address ? (
            <address>
              {addressLines(shipping.address).map((l, i) => (
                <div key={i}>{l}</div>
              ))}
            </address>
          ) : (
            <p className="muted">No shipping (virtual items).</p>
          )}
        </Card>
        <Card title="Totals">
          <dl className="facts">
            <dt>Subtotal</dt>
            <dd>{money(o.subtotal)}</dd>
            <dt>Shipping</dt>
            <dd>{money(o.shipping_amount)}</dd>
            <dt>Tax</dt>
            <dd>{money(o.tax_amount)}</dd>
            <dt>Discount</dt>
            <dd>{money(o.discount_amount)}</dd>
            <dt>Grand total</dt>
            <dd>
              <strong>{money(o.grand_total)}</strong>
            </dd>
            <dt>Paid</dt>
            <dd>{money(o.total_paid ?? 0)}</dd>
          </dl>
        </Card>
      </div>
      <Table
        id="order-items"
        caption="Items"
        columns={[
          { key: "sku", label: "SKU" },
          { key: "name", label: "Name" },
          { key: "qty", label: "Ordered", numeric: true },
          { key: "inv", label: "Invoiced", numeric: true },
          { key: "ship", label: "Shipped", numeric: true },
          { key: "price", label: "Price", numeric: true },
          { key: "row", label: "Row total", numeric: true },
        ]}
      >
        {visibleItems(o).map((i, n) => (
          <tr key={i.item_id ?? n}>
            <td className="mono">
              {i.sku ? <Link href={`${base}/products/${encodeURIComponent(i.sku)}`}>{i.sku}</Link> : "—"}
            </td>
            <td>{text(i.name)}</td>
            <td className="num">{text(i.qty_ordered)}</td>
            <td className="num">{text(i.qty_invoiced)}</td>
            <td className="num">{text(i.qty_shipped)}</td>
            <td className="num">{money(i.price)}</td>
            <td className="num">{money(i.row_total)}</td>
          </tr>
        ))}
      </Table>
      <div className="card-grid">
        <Card title="Invoices">
          {!invoices.ok ? (
            <p className="muted">{invoices.error.title}</p>
          ) : invoices.value.items.length === 0 ? (
            <p className="muted">No invoice yet.</p>
          ) : (
            <ul>
              {invoices.value.items.map((raw) => {
                const inv = invoiceRowSchema.safeParse(raw);
                return inv.success ? (
                  <li key={inv.data.entity_id}>
                    #{text(inv.data.increment_id)} · {INVOICE_STATES[inv.data.state ?? 0] ?? text(inv.data.state)} ·{" "}
                    {money(inv.data.grand_total)} · {formatStoreDate(inv.data.created_at)}
                  </li>
                ) : null;
              })}
            </ul>
          )}
        </Card>
        <Card title="Shipments">
          {!shipments.ok ? (
            <p className="muted">{shipments.error.title}</p>
          ) : shipments.value.items.length === 0 ? (
            <p className="muted">Not shipped yet.</p>
          ) : (
            <ul>
              {shipments.value.items.map((raw) => {
                const s = shipmentRowSchema.safeParse(raw);
                return s.success ? (
                  <li key={s.data.entity_id}>
                    #{text(s.data.increment_id)} · {text(s.data.total_qty)} items · {formatStoreDate(s.data.created_at)}
                    {s.data.tracks?.length ? ` · tracking ${s.data.tracks.map((t) => t.track_number).join(", ")}` : ""}
                  </li>
                ) : null;
              })}
            </ul>
          )}
        </Card>
      </div>
      <p>
        <Link href={`${base}/orders`}>Back to orders</Link>
      </p>
    </>
  );
}
