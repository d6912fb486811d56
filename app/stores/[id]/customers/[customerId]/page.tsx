import type { Metadata } from "next";
import Link from "next/link";
import { formatMoney, formatStoreDate, orderStatusLabel, records, text } from "@/lib/dashboard";
import { StoreHeader } from "@/app/components/StoreHeader";
import { ApiErrorPanel } from "@/app/components/ApiErrorPanel";
import { RecordPage, type RecordAt } from "@/app/components/RecordPage";
import { Card, Table } from "@/app/components/ui";

type Props = { params: Promise<{ id: string; customerId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Customer ${(await params).customerId}` };
}

/** A customer with their group (by name), addresses and latest orders. */
export default async function CustomerPage({ params }: Props) {
  const { id, customerId } = await params;
  return (
    <RecordPage spec={records.CUSTOMER_RECORD} storeId={id} segment={customerId}>
      {(data, at) => <CustomerView {...data} {...at} />}
    </RecordPage>
  );
}

type CustomerData = Awaited<ReturnType<typeof records.CUSTOMER_RECORD.load>>;

function CustomerView({ customer: c, orders, groups, store, base }: CustomerData & RecordAt) {
  const name = [c.firstname, c.lastname].filter(Boolean).join(" ") || text(c.email);
  return (
    <>
      <StoreHeader store={store} section="customers" title={name} description={text(c.email)} />
      <div className="card-grid">
        <Card title="Account">
          <dl className="facts">
            <dt>Email</dt>
            <dd>{text(c.email)}</dd>
            <dt>Group</dt>
            <dd>
              {groups.ok
                ? (groups.value.get(c.group_id ?? -1) ?? `Group ${text(c.group_id)}`)
                : `Group ${text(c.group_id)}`}
            </dd>
            <dt>Created</dt>
            <dd>{formatStoreDate(c.created_at)}</dd>
            <dt>Date of birth</dt>
            <dd>{text(c.dob)}</dd>
          </dl>
        </Card>
        {c.addresses.length === 0 ? (
          <Card title="Addresses">
            <p className="muted">No address saved.</p>
          </Card>
        ) : (
          c.addresses.map((a, n) => (
            <Card
              key={a.id ?? n}
              title={
                a.default_billing && a.default_shipping
                  ? "Default address"
                  : a.default_billing
                    ? "Default billing address"
                    : a.default_shipping
                      ? "Default shipping address"
                      : "Address"
              }
            >
              <address>
                {records.addressLines({ ...a, region: a.region ?? null }).map((l, i) => (
                  <div key={i}>{l}</div>
                ))}
              </address>
            </Card>
          ))
        )}
      </div>
      {!orders.ok ? (
        <ApiErrorPanel error={orders.error} storeId={store.installationId} doing="loading this customer's orders" />
      ) : orders.value.items.length === 0 ? (
        <Card title="Orders">
          <p className="muted">No orders.</p>
        </Card>
      ) : (
        <Table
          id="customer-orders"
          caption={`Orders (${orders.value.total})`}
          columns={[
            { key: "inc", label: "Order #" },
            { key: "created", label: "Created" },
            { key: "status", label: "Status" },
            { key: "total", label: "Grand total", numeric: true },
          ]}
        >
          {orders.value.items.map((o) => (
            <tr key={o.entity_id}>
              <td className="mono">
                <Link href={`${base}/orders/${o.entity_id}`}>{text(o.increment_id)}</Link>
              </td>
              <td>{formatStoreDate(o.created_at)}</td>
              <td>{orderStatusLabel(o.status)}</td>
              <td className="num">{formatMoney(o.grand_total, o.order_currency_code)}</td>
            </tr>
          ))}
        </Table>
      )}
      <p>
        <Link href={`${base}/customers`}>Back to customers</Link>
      </p>
    </>
  );
}
