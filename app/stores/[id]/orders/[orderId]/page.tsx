import type { Metadata } from "next";
import Link from "next/link";
import { formatMoney, formatStoreDate, orderStatusLabel, records, text } from "@/lib/dashboard";
import { StoreHeader } from "@/app/components/StoreHeader";
import { RecordPage, type RecordAt } from "@/app/components/RecordPage";
import { Card, Table } from "@/app/components/ui";

type Props = { params: Promise<{ id: string; orderId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Order ${(await params).orderId}` };
}

/** An order as the merchant needs it: items, totals, addresses, payment, invoices and shipments. */
export default async function OrderPage({ params }: Props) {
  const { id, orderId } = await params;
  return (
    <RecordPage spec={records.ORDER_RECORD} storeId={id} segment={orderId}>
      {(data, at) => <OrderView {...data} {...at} />}
    </RecordPage>
  );
}

type OrderData = Awaited<ReturnType<typeof records.ORDER_RECORD.load>>;

function OrderView({ order: o, items, invoices, shipments, store, base }: OrderData & RecordAt) {
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
            {records.addressLines(o.billing_address).map((l, i) => (
              <div key={i}>{l}</div>
            ))}
          </address>
        </Card>
        <Card title="Shipping address">
          {shipping?.address ? (
            <address>
              {records.addressLines(shipping.address).map((l, i) => (
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
        {items.map((i, n) => (
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
          ) : invoices.value.length === 0 ? (
            <p className="muted">No invoice yet.</p>
          ) : (
            <ul>
              {invoices.value.map((inv) => (
                <li key={inv.entity_id}>
                  #{text(inv.increment_id)} · {inv.stateLabel ?? text(inv.state)} · {money(inv.grand_total)} ·{" "}
                  {formatStoreDate(inv.created_at)}
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="Shipments">
          {!shipments.ok ? (
            <p className="muted">{shipments.error.title}</p>
          ) : shipments.value.length === 0 ? (
            <p className="muted">Not shipped yet.</p>
          ) : (
            <ul>
              {shipments.value.map((s) => (
                <li key={s.entity_id}>
                  #{text(s.increment_id)} · {text(s.total_qty)} items · {formatStoreDate(s.created_at)}
                  {s.tracks?.length ? ` · tracking ${s.tracks.map((t) => t.track_number).join(", ")}` : ""}
                </li>
              ))}
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
