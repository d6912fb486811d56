import { Suspense } from "react";
import type { Metadata } from "next";
import Link from "next/link";
import { attempt, type Attempt, records, checkedAgo, formatDateTime, stateOfRevocation, text } from "@/lib/dashboard";
import { StoreHeader } from "@/app/components/StoreHeader";
import { ApiErrorPanel } from "@/app/components/ApiErrorPanel";
import { GridSkeleton } from "@/app/components/GridSkeleton";
import { Card, LinkButton, StateBadge, Table } from "@/app/components/ui";
import { loadStore } from "@/app/_kit";
import type { StoreSummary } from "@/lib/kit";

export const metadata: Metadata = { title: "Store overview" };

type StoreInfo = Attempt<ReturnType<typeof records.storeInfo.joinStoreInfo>>;

/**
 * The frame (header, store name, tabs, the link's facts from the database) renders at once; what the store says
 * about itself (its views, locale, currency) streams in below it, each part from the same one call.
 */
export default async function StoreOverviewPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { store, client: storeClient } = await loadStore(id);
  const info: Promise<StoreInfo> = attempt(async () => {
    const client = storeClient();
    const [configs, websites, views] = await Promise.all([
      client.call("getStoreStoreConfigs", { fields: records.storeInfo.STORE_CONFIG_FIELDS }),
      client.call("getStoreWebsites", { fields: records.storeInfo.WEBSITE_FIELDS }),
      client.call("getStoreStoreViews", { fields: records.storeInfo.STORE_VIEW_FIELDS }).catch(() => undefined),
    ]);
    return records.storeInfo.joinStoreInfo(configs.data, websites.data, views?.data);
  });
  const base = `/stores/${encodeURIComponent(id)}`;

  return (
    <div className="stack">
      <StoreHeader
        store={store}
        section="overview"
        title={store.label ?? new URL(store.baseUrl).host}
        description={<span className="mono">{store.baseUrl}</span>}
      />
      <div className="card-grid">
        <Card title="Link">
          <dl className="facts">
            <dt>State</dt>
            <dd>
              <StateBadge state={store.state} failureReason={store.failureReason} />{" "}
              <span className="muted">
                (
                {checkedAgo(
                  [store.lastCheckedAt, store.lastSuccessAt]
                    .filter((x): x is Date => x !== null)
                    .sort((a, b) => b.getTime() - a.getTime())[0] ?? null,
                  new Date(),
                )}
                )
              </span>
            </dd>
            <dt>Name in this app</dt>
            <dd>
              {store.label ?? (
                <span className="muted">not set (Magento does not send the integration&apos;s name)</span>
              )}{" "}
              · <Link href={`${base}/diagnostics`}>{store.label ? "rename" : "name it"}</Link>
            </dd>
            <dt>Base URL</dt>
            <dd className="mono">{store.baseUrl}</dd>
            <dt>Linked by</dt>
            <dd>{store.mode === "manual" ? "pasted tokens (manual)" : "OAuth activation"}</dd>
            <dt>Activated</dt>
            <dd>{formatDateTime(store.activatedAt)}</dd>
            <dt>Last successful call</dt>
            <dd>{formatDateTime(store.lastSuccessAt)}</dd>
          </dl>
          <p style={{ marginTop: "0.75rem" }}>
            <Link href={`${base}/diagnostics`}>Diagnostics: handshake history, signature and reauthorization</Link>
          </p>
          <p>
            <Link href={`${base}/remove`}>Remove this store from the app…</Link>
          </p>
        </Card>
        <Card title="Store">
          <Suspense fallback={<GridSkeleton label="the store's details" compact />}>
            <StoreFacts info={info} />
          </Suspense>
        </Card>
        <Card title="Work with the data">
          <div className="form-actions">
            <LinkButton href={`${base}/products`}>Products</LinkButton>
            <LinkButton href={`${base}/orders`}>Orders</LinkButton>
            <LinkButton href={`${base}/customers`}>Customers</LinkButton>
            <LinkButton href={`${base}/categories`}>Categories</LinkButton>
            <LinkButton href={`${base}/cms`}>CMS pages</LinkButton>
            <LinkButton href={`${base}/explorer`} variant="primary">
              API explorer
            </LinkButton>
          </div>
        </Card>
      </div>
      <Suspense fallback={null}>
        <StoreViews info={info} store={store} />
      </Suspense>
    </div>
  );
}

async function StoreFacts({ info: pending }: { info: Promise<StoreInfo> }) {
  const info = await pending;
  const first = info.ok ? info.value[0] : undefined;
  return info.ok && first ? (
    <dl className="facts">
      <dt>Website</dt>
      <dd>
        {text(first.websiteName)} <span className="muted">({text(first.websiteCode)})</span>
      </dd>
      <dt>Store view</dt>
      <dd>
        {text(first.name)} <span className="muted">({first.code})</span>
      </dd>
      <dt>Locale</dt>
      <dd>{text(first.locale)}</dd>
      <dt>Currency</dt>
      <dd>{text(first.currency)}</dd>
      <dt>Time zone</dt>
      <dd>{text(first.timezone)}</dd>
    </dl>
  ) : info.ok ? (
    <p>The store reported no store views.</p>
  ) : (
    <p className="muted">Not available (see below).</p>
  );
}

async function StoreViews({ info: pending, store }: { info: Promise<StoreInfo>; store: StoreSummary }) {
  const info = await pending;
  const id = store.installationId;
  return (
    <>
      {/* a refused token the header already shows (the store's state from before this call) is not said twice */}
      {!info.ok && !(stateOfRevocation(info.error.code) && store.state !== "active") ? (
        <ApiErrorPanel error={info.error} storeId={id} doing="reading the store configuration" />
      ) : null}
      {info.ok && info.value.length > 0 ? (
        <Table
          id="store-views"
          caption="Store views"
          captionNote="from /V1/store/storeConfigs and /V1/store/websites"
          columns={[
            { key: "code", label: "Code" },
            { key: "name", label: "Name" },
            { key: "website", label: "Website" },
            { key: "locale", label: "Locale" },
            { key: "currency", label: "Currency" },
            { key: "url", label: "Base URL" },
          ]}
        >
          {info.value.map((v) => (
            <tr key={v.id}>
              <td className="mono">{v.code}</td>
              <td>{text(v.name)}</td>
              <td>{text(v.websiteName)}</td>
              <td>{text(v.locale)}</td>
              <td>{text(v.currency)}</td>
              <td className="mono">{text(v.baseUrl)}</td>
            </tr>
          ))}
        </Table>
      ) : null}
    </>
  );
}
