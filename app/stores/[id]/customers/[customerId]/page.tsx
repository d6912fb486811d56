import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import {
  addressLines,
  CUSTOMER_DETAIL_FIELDS,
  CUSTOMER_ORDER_FIELDS,
  CUSTOMER_ORDERS_PAGE,
  customerDetailSchema,
  formatMoney,
  formatStoreDate,
  GROUP_FIELDS,
  groupNames,
  GROUPS_CRITERIA,
  type OrderRow,
  ordersOfCustomer,
  orderStatusLabel,
  parseListResult,
  text,
} from "@/lib/dashboard";
import { StoreHeader } from "@/app/components/StoreHeader";
import { ApiErrorPanel } from "@/app/components/ApiErrorPanel";
import { RecordLoadFailed } from "@/app/components/RecordLoadFailed";
import { Card, Table } from "@/app/components/ui";
import { attempt, loadStore } from "../../_lib/store-context";

type Props = { params: Promise<{ id: string; customerId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Customer ${(await params).customerId}` };
}

/** A customer with their group (by name), addresses and latest orders. */
export default async function CustomerPage({ params }: Props) {
  const { id, customerId } = await params;
  if (!/^\d{1,10}$/.test(customerId)) notFound();
  const { store, client: storeClient } = await loadStore(id, `/customers/${customerId}`);
  const client = await attempt(storeClient);
  const customer = !client.ok
    ? client
    : await attempt(async () => {
        const res = await client.value.call("getCustomersByCustomerId", {
          pathParams: { customerId },
          fields: CUSTOMER_DETAIL_FIELDS,
        });
        return customerDetailSchema.parse(res.data);
      });
  const base = `/stores/${encodeURIComponent(id)}`;
  if (!customer.ok) {
    return (
      <RecordLoadFailed
        store={store}
        section="customers"
        title={`Customer ${customerId}`}
        error={customer.error}
        doing={`loading customer ${customerId}`}
        back={{ href: `${base}/customers`, label: "Back to customers" }}
      />
    );
  }
  const c = customer.value;
  const [orders, groups] = client.ok
    ? await Promise.all([
        attempt(async () =>
          parseListResult<OrderRow>(
            (
              await client.value.call("getOrders", {
                searchCriteria: ordersOfCustomer(c.id),
                fields: CUSTOMER_ORDER_FIELDS,
              })
            ).data,
            CUSTOMER_ORDERS_PAGE,
          ),
        ),
        attempt(async () =>
          groupNames(
            (
              await client.value.call("getCustomerGroupsSearch", {
                searchCriteria: GROUPS_CRITERIA,
                fields: GROUP_FIELDS,
              })
            ).data,
          ),
        ),
      ])
    : [client, client];
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
                {addressLines({ ...a, region: a.region ?? null }).map((l, i) => (
                  <div key={i}>{l}</div>
                ))}
              </address>
            </Card>
          ))
        )}
      </div>
      {!orders.ok ? (
        <ApiErrorPanel error={orders.error} storeId={id} doing="loading this customer's orders" />
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
