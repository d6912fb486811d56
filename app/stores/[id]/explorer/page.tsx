import { Suspense } from "react";
import type { Metadata } from "next";
import Link from "next/link";
import { z } from "zod";
import { CATALOGUE, findOperation, type Operation } from "@magento-integration/client";
import {
  explorer,
  aclAdvice,
  describeStoreState,
  RESOURCE_TITLES,
  resourceOfRoute,
  stateOfRevocation,
  type ApiErrorView,
} from "@/lib/dashboard";
import { StoreHeader } from "@/app/components/StoreHeader";
import { ApiErrorPanel } from "@/app/components/ApiErrorPanel";
import { GridSkeleton } from "@/app/components/GridSkeleton";
import { Alert, Badge, Button, Card, EmptyState, Field, LinkButton, SelectField } from "@/app/components/ui";
import { loadStore } from "@/app/_kit";
import type { StoreSummary } from "@/lib/kit";
import { liveSchema } from "./schema-cache";
import { runOperation } from "./actions";
import { ExplorerForm } from "./ExplorerForm";
import { AdminSchemaForm } from "./AdminSchemaForm";
import { KeepSelectedVisible } from "./KeepSelectedVisible";
import { readSchemaAsAdmin } from "./schema-actions";
import { bodyExample } from "./body-examples";

export const metadata: Metadata = { title: "API explorer" };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const querySchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  edition: z.enum(["open-source", "commerce"]).optional().catch(undefined),
  method: z.enum(["GET", "POST", "PUT", "DELETE"]).optional().catch(undefined),
  op: z.string().max(200).optional().catch(undefined),
});

function AvailabilityBadge({ a }: { a: explorer.Availability }) {
  if (a === "available") return <Badge tone="success">in store schema</Badge>;
  if (a === "missing") return <Badge tone="danger">not in store schema</Badge>;
  return <Badge title="The store's schema could not be read">availability unknown</Badge>;
}

function OperationMeta({ op, availability }: { op: Operation; availability: explorer.Availability }) {
  return (
    <span className="meta-row">
      <Badge tone={op.edition === "commerce" ? "warning" : "neutral"}>
        {op.edition === "commerce" ? "Commerce only" : "Open Source"}
      </Badge>
      {op.since ? <Badge tone="info">since {op.since}</Badge> : null}
      {op.kind !== "rest" ? <Badge>{op.kind}</Badge> : null}
      <AvailabilityBadge a={availability} />
    </span>
  );
}

/** Which permission the operation needs, in the admin's words (from Magento's webapi.xml / acl.xml). */
function ResourceNote({ resource }: { resource: string }) {
  if (resource === "anonymous")
    return (
      <p className="muted" data-testid="op-resource">
        Needs no permission (ACL resource anonymous).
      </p>
    );
  if (resource === "self" || resource === "Magento_Backend::admin") {
    const a = aclAdvice(resource);
    return (
      <p className="muted" data-testid="op-resource">
        ACL resource <code>{resource}</code>: {a.advice}
      </p>
    );
  }
  return (
    <p className="muted" data-testid="op-resource">
      Needs the ACL resource <strong>{RESOURCE_TITLES[resource] ?? resource}</strong> (<code>{resource}</code>) on the
      integration&apos;s API tab.
    </p>
  );
}

/**
 * The schema could not be read because the store refused the app's token: the state table's words (the same as the
 * store's banner) and the one thing to do, instead of the admin-token form, which cannot help.
 */
function SchemaTokenRefused({ error }: { error: ApiErrorView }) {
  const revoked = stateOfRevocation(error.code);
  const s = describeStoreState(revoked ?? { state: "active", failureReason: null });
  return (
    <Alert tone="warning" title={`Availability unknown: ${s.title.charAt(0).toLowerCase()}${s.title.slice(1)}`}>
      <p data-testid="schema-token-refused">
        The store refused this app&apos;s token when asked for its schema
        {error.storeMessage ? (
          <>
            {" "}
            (<q>{error.storeMessage}</q>)
          </>
        ) : null}
        , so no call can be made from here. {s.action.kind !== "none" ? s.action.text : s.detail}
      </p>
    </Alert>
  );
}

type Query = z.infer<typeof querySchema>;

/** The frame renders at once; the operations stream in once the store's schema is read (or known unreadable). */
export default async function ExplorerPage({ params, searchParams }: Props) {
  const { id } = await params;
  const { store, client } = await loadStore(id, "/explorer");
  const sp = await searchParams;
  const query = querySchema.parse({ q: one(sp.q), edition: one(sp.edition), method: one(sp.method), op: one(sp.op) });
  return (
    <>
      <StoreHeader
        store={store}
        section="explorer"
        title="API explorer"
        description={`All ${CATALOGUE.length} catalogue operations. Calls are signed with this store's integration token.`}
      />
      <Suspense fallback={<GridSkeleton label="the store's schema" />}>
        <Operations store={store} client={client} query={query} />
      </Suspense>
    </>
  );
}

async function Operations({
  store,
  client,
  query,
}: {
  store: StoreSummary;
  client: Awaited<ReturnType<typeof loadStore>>["client"];
  query: Query;
}) {
  const id = store.installationId;
  const schema = await liveSchema(store.installationId, async () => client());
  const matches = explorer.searchOperations(CATALOGUE, query);
  const selected = query.op ? findOperation(query.op) : undefined;
  const base = `/stores/${encodeURIComponent(id)}/explorer`;
  const keep = new URLSearchParams();
  if (query.q) keep.set("q", query.q);
  if (query.edition) keep.set("edition", query.edition);
  if (query.method) keep.set("method", query.method);
  const hrefFor = (opId: string) => {
    const p = new URLSearchParams(keep);
    p.set("op", opId);
    return `${base}?${p.toString()}`;
  };
  const selectedAvailability = selected ? explorer.availabilityOf(selected, schema.keys) : "unknown";
  // what the connected store serves first; on an Open Source store the Commerce-only operations last, closed
  const groups = explorer.operationGroups(matches, schema.keys, schema.edition);
  const selectedResource =
    selected && selected.base === "rest"
      ? resourceOfRoute(explorer.routeKey(selected.method, selected.path))
      : undefined;
  const availableCount = schema.keys
    ? CATALOGUE.filter((o) => explorer.availabilityOf(o, schema.keys) === "available").length
    : null;

  return (
    <>
      {schema.unreachable ? (
        <ApiErrorPanel error={schema.unreachable} storeId={id} doing="reading the store's schema" />
      ) : schema.tokenRefused ? (
        <SchemaTokenRefused error={schema.tokenRefused} />
      ) : schema.keys ? (
        <Alert tone="info" title={`The store's live schema lists ${availableCount} of these operations`}>
          <p>
            Read with the {schema.via ?? "integration"}&apos;s credentials. Operations not in its schema will answer 404
            (a Commerce-only module, a newer version, or a disabled module).
          </p>
        </Alert>
      ) : (
        <Alert tone="info" title="Availability unknown: the store did not give its schema to this integration">
          <p>
            GET /rest/default/schema answered <q>{schema.reason?.replace(/\.$/, "")}</q>. Stores usually serve it to
            admin tokens only; operations can still be called.
          </p>
          <AdminSchemaForm
            action={readSchemaAsAdmin.bind(
              null,
              id,
              `${base}${keep.size || query.op ? `?${new URLSearchParams([...keep, ...(query.op ? [["op", query.op] as [string, string]] : [])]).toString()}` : ""}`,
            )}
          />
        </Alert>
      )}
      <div className="explorer">
        <div>
          <form method="get" action={base} role="search" aria-label="Find operations" className="card">
            <Field label="Path, module or name" name="q" type="search" defaultValue={query.q ?? ""} />
            <div className="form-row">
              <SelectField
                label="Edition"
                name="edition"
                defaultValue={query.edition ?? ""}
                options={[
                  { value: "", label: "All" },
                  { value: "open-source", label: "Open Source" },
                  { value: "commerce", label: "Commerce only" },
                ]}
              />
              <SelectField
                label="Method"
                name="method"
                defaultValue={query.method ?? ""}
                options={[
                  { value: "", label: "All" },
                  ...["GET", "POST", "PUT", "DELETE"].map((m) => ({ value: m, label: m })),
                ]}
              />
            </div>
            {query.op ? <input type="hidden" name="op" value={query.op} /> : null}
            <div className="form-actions">
              <Button size="small">Find</Button>
              <LinkButton href={base} variant="ghost" size="small">
                Clear
              </LinkButton>
            </div>
          </form>
          <p className="muted" id="op-count">
            {matches.length} of {CATALOGUE.length} operations
          </p>
          {matches.length === 0 ? (
            <EmptyState title="No operation matches" />
          ) : (
            <div className="op-list" id="op-list">
              {groups.map((g) => {
                const list = (
                  <ul aria-labelledby={`ops-${g.id}`}>
                    {g.ops.map((op) => (
                      <li key={op.id}>
                        <Link
                          href={hrefFor(op.id)}
                          aria-current={op.id === selected?.id ? "true" : undefined}
                          prefetch={false}
                        >
                          <span className={`method method--${op.method}`}>{op.method}</span>
                          <span className="op-path">{op.path}</span>
                          <span className="meta-row">
                            <span className="muted">{op.module}</span>
                            {op.edition === "commerce" ? <Badge tone="warning">Commerce</Badge> : null}
                            {op.since ? <Badge tone="info">since {op.since}</Badge> : null}
                            {schema.keys &&
                            op.base === "rest" &&
                            explorer.availabilityOf(op, schema.keys) === "missing" ? (
                              <Badge tone="danger">not on this store</Badge>
                            ) : null}
                          </span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                );
                const heading = (
                  <h2 className="op-list__heading" id={`ops-${g.id}`}>
                    {g.title} ({g.ops.length})
                  </h2>
                );
                // closed unless the person asked for these (the edition filter) or one of them is open on the right
                return g.collapsed ? (
                  <details
                    key={g.id}
                    className="op-list__more"
                    data-testid={`ops-${g.id}`}
                    open={query.edition === "commerce" || g.ops.some((op) => op.id === selected?.id)}
                  >
                    <summary>{heading}</summary>
                    {list}
                  </details>
                ) : (
                  <section key={g.id} aria-labelledby={`ops-${g.id}`} data-testid={`ops-${g.id}`}>
                    {heading}
                    {list}
                  </section>
                );
              })}
            </div>
          )}
          <KeepSelectedVisible listId="op-list" selectedId={selected?.id} />
        </div>
        <div>
          {selected ? (
            <Card
              title={
                <>
                  <span className={`method method--${selected.method}`}>{selected.method}</span>{" "}
                  <span className="op-path">{selected.path}</span>
                </>
              }
            >
              <p className="muted">
                {selected.group} · module {selected.module} · operation id <code>{selected.id}</code>
              </p>
              <OperationMeta op={selected} availability={selectedAvailability} />
              {selectedResource ? <ResourceNote resource={selectedResource} /> : null}
              {selected.edition === "commerce" ? (
                <Alert
                  tone="warning"
                  title={
                    schema.edition === "open-source"
                      ? "Commerce-only operation: not available on this store"
                      : "Commerce-only operation"
                  }
                >
                  <p>
                    This operation exists only in Adobe Commerce.{" "}
                    {schema.edition === "open-source"
                      ? "This store runs Magento Open Source: it"
                      : "An Open Source store"}{" "}
                    answers 404 “Request does not match any route.”
                  </p>
                </Alert>
              ) : null}
              {selected.base === "portal" ? (
                <Alert tone="info" title="Developer-portal operation">
                  <p>
                    It is called on the developer portal with the app&apos;s own credentials, not on the store: use the{" "}
                    <Link href="/portal">Developer portal</Link> page.
                  </p>
                </Alert>
              ) : (
                <div style={{ marginTop: "1rem" }}>
                  <ExplorerForm
                    key={selected.id}
                    action={runOperation.bind(null, id, selected.id)}
                    method={selected.method}
                    pathParams={explorer.pathParamNamesOf(selected.path)}
                    isList={
                      selected.method === "GET" &&
                      !/\{[^}]+\}$/.test(selected.path) &&
                      /search|list|^\/V1\/(products|orders|invoices|creditmemos|shipments|transactions)$/.test(
                        selected.path,
                      )
                    }
                    requiredQuery={[...(selected.requiredQuery ?? [])]}
                    storeHost={new URL(store.baseUrl).host}
                    bodyExample={bodyExample(selected.method, selected.path)}
                    {...(selectedAvailability === "missing"
                      ? { unavailableNote: "Not in this store's schema: expect 404." }
                      : {})}
                  />
                </div>
              )}
            </Card>
          ) : (
            <EmptyState title="Choose an operation">
              <p>Pick one from the list, or search by path (e.g. “products sku”) or module (e.g. “Sales”).</p>
            </EmptyState>
          )}
        </div>
      </div>
    </>
  );
}
