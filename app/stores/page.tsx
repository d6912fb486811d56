import Link from "next/link";
import { Card, EmptyState, LinkButton, PageHeader, StateBadge, Table } from "@/app/components/ui";
import { appUrls, listStoresForUser, requireUser } from "@/lib/kit";

export const metadata = { title: "Stores" };
export const dynamic = "force-dynamic";

function when(d: Date | null): string {
  return d ? d.toISOString().replace("T", " ").slice(0, 19) + " UTC" : "—";
}

export default async function StoresPage() {
  const user = await requireUser("/stores");
  const stores = await listStoresForUser(user.id);
  const { callbackUrl, identityUrl } = appUrls();
  return (
    <div className="stack">
      <PageHeader
        title="Stores"
        description="Magento stores linked to your account."
        actions={<LinkButton href="/stores/manual">Add a store with tokens</LinkButton>}
      />
      {stores.length === 0 ? (
        <EmptyState title="No stores yet">
          <p>
            In your Magento admin add an integration with Callback URL <code className="mono">{callbackUrl}</code> and Identity
            link URL <code className="mono">{identityUrl}</code>, then Save &amp; Activate.
          </p>
        </EmptyState>
      ) : (
        <Table
          caption="Your stores"
          columns={[
            { key: "store", label: "Store" },
            { key: "state", label: "State" },
            { key: "mode", label: "Linked by" },
            { key: "active", label: "Activated" },
            { key: "last", label: "Last successful call" },
            { key: "diag", label: "Diagnostics" },
          ]}
        >
          {stores.map((s) => (
            <tr key={s.installationId} data-installation={s.installationId}>
              <td>
                <Link href={`/stores/${s.installationId}`}>{s.name ?? s.baseUrl}</Link>
                {s.name ? <div className="muted mono">{s.baseUrl}</div> : null}
              </td>
              <td>
                <StateBadge state={s.state} />
                {s.failureReason ? <div className="muted">{s.failureReason.replace(/_/g, " ")}</div> : null}
              </td>
              <td>{s.mode === "manual" ? "Pasted tokens" : "Activate"}</td>
              <td>{when(s.activatedAt)}</td>
              <td>{when(s.lastSuccessAt)}</td>
              <td>
                <Link href={`/stores/${s.installationId}/diagnostics`}>Diagnostics</Link>
              </td>
            </tr>
          ))}
        </Table>
      )}
      <Card title="Connect another store">
        <p>
          Callback URL: <code className="mono">{callbackUrl}</code>
          <br />
          Identity link URL: <code className="mono">{identityUrl}</code>
        </p>
      </Card>
    </div>
  );
}
