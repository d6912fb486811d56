import type { Metadata } from "next";
import { gridFields, gridQueryString, gridSearchCriteria, pageCount, parseGridParams } from "@/lib/dashboard/grid";
import { cmsPagesGrid, type CmsPageRow } from "@/lib/dashboard/cms-pages-grid";
import { parseListResult } from "@/lib/dashboard/list-result";
import { formatStoreDate, text } from "@/lib/dashboard/format";
import { StoreHeader } from "@/app/components/StoreHeader";
import { ApiErrorPanel } from "@/app/components/ApiErrorPanel";
import { GridTable } from "@/app/components/GridTable";
import { GridErrors, KeepSortAndSize } from "@/app/components/GridErrors";
import { RequestDetails } from "@/app/components/RequestDetails";
import { Badge, Button, EmptyState, Field, LinkButton, SelectField } from "@/app/components/ui";
import { attempt, loadStore, storeClient } from "../_lib/store-context";

export const metadata: Metadata = { title: "CMS pages" };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function CmsPagesPage({ params, searchParams }: Props) {
  const { id } = await params;
  const { user, store } = await loadStore(id, "/cms");
  const state = parseGridParams(cmsPagesGrid, await searchParams);
  const basePath = `/stores/${encodeURIComponent(id)}/cms`;
  const criteria = gridSearchCriteria(cmsPagesGrid, state);
  const fieldsValue = gridFields(cmsPagesGrid);
  const list = await attempt(async () => {
    const client = await storeClient(store.installationId, user.id);
    const res = await client.request({ method: "GET", path: cmsPagesGrid.path, searchCriteria: criteria, fields: fieldsValue });
    return { ...parseListResult<CmsPageRow>(res.data), durationMs: res.durationMs };
  });
  const f = state.filters;
  const pastEnd = list.ok && list.value.total > 0 && state.page > pageCount(list.value.total, state.pageSize);

  return (
    <>
      <StoreHeader store={store} section="cms" title="CMS pages" />
      <form method="get" action={basePath} className="card" role="search" aria-label="Filter CMS pages">
        <div className="form-row">
          <Field label="Title or URL key contains" name="q" type="search" defaultValue={f.q ?? ""} error={state.errors.q} />
          <SelectField
            label="Active"
            name="active"
            defaultValue={f.active ?? ""}
            error={state.errors.active}
            options={[
              { value: "", label: "Any" },
              { value: "1", label: "Active" },
              { value: "0", label: "Inactive" },
            ]}
          />
        </div>
        <KeepSortAndSize
          sort={state.sort.field}
          dir={state.sort.dir}
          size={state.pageSize}
          isDefaultSort={state.sort.field === cmsPagesGrid.defaultSort.field && state.sort.dir === cmsPagesGrid.defaultSort.dir}
          isDefaultSize={state.pageSize === cmsPagesGrid.defaultPageSize}
        />
        <div className="form-actions">
          <Button>Apply filters</Button>
          <LinkButton href={basePath} variant="ghost">
            Clear
          </LinkButton>
        </div>
      </form>
      <GridErrors errors={state.errors} />
      {!list.ok ? (
        <ApiErrorPanel error={list.error} storeId={id} doing="loading CMS pages" />
      ) : pastEnd ? (
        <EmptyState title={`Page ${state.page} is past the end`} action={<LinkButton href={`${basePath}${gridQueryString(cmsPagesGrid, { ...state, page: pageCount(list.value.total, state.pageSize) })}`}>Go to the last page</LinkButton>} />
      ) : list.value.items.length === 0 ? (
        <EmptyState title="No CMS pages match" action={<LinkButton href={basePath}>Clear filters</LinkButton>} />
      ) : (
        <GridTable
          id="cms-pages"
          caption="CMS pages"
          basePath={basePath}
          spec={cmsPagesGrid}
          state={state}
          total={list.value.total}
          columns={[
            { key: "title", label: "Title", sortField: "title" },
            { key: "identifier", label: "URL key", sortField: "identifier" },
            { key: "is_active", label: "Active", sortField: "is_active" },
            { key: "creation_time", label: "Created", sortField: "creation_time" },
            { key: "update_time", label: "Updated", sortField: "update_time" },
          ]}
        >
          {list.value.items.map((p) => (
            <tr key={p.id}>
              <td>{text(p.title)}</td>
              <td className="mono">{text(p.identifier)}</td>
              <td>{p.active === undefined ? "—" : p.active ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>}</td>
              <td>{formatStoreDate(p.creation_time)}</td>
              <td>{formatStoreDate(p.update_time)}</td>
            </tr>
          ))}
        </GridTable>
      )}
      <RequestDetails path={cmsPagesGrid.path} criteria={criteria} fields={fieldsValue} durationMs={list.ok ? list.value.durationMs : undefined} />
    </>
  );
}
