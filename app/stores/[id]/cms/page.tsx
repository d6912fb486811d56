import type { Metadata } from "next";
import { gridFields, gridSearchCriteria, parseGridParams } from "@/lib/dashboard/grid";
import { cmsPagesGrid, type CmsPageRow } from "@/lib/dashboard/cms-pages-grid";
import { parseListResult } from "@/lib/dashboard/list-result";
import { formatStoreDate, text } from "@/lib/dashboard/format";
import { StoreHeader } from "@/app/components/StoreHeader";
import { GridTable } from "@/app/components/GridTable";
import { GridFilterForm } from "@/app/components/GridFilterForm";
import { GridResults } from "@/app/components/GridResults";
import { RequestDetails } from "@/app/components/RequestDetails";
import { Badge, Field, SelectField } from "@/app/components/ui";
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

  return (
    <>
      <StoreHeader store={store} section="cms" title="CMS pages" />
      <GridFilterForm spec={cmsPagesGrid} state={state} basePath={basePath} label="Filter CMS pages">
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
      </GridFilterForm>
      <GridResults list={list} spec={cmsPagesGrid} state={state} basePath={basePath} storeId={id} noun="CMS pages">
        {(items, total) => (
          <GridTable
            id="cms-pages"
            caption="CMS pages"
            basePath={basePath}
            spec={cmsPagesGrid}
            state={state}
            total={total}
            columns={[
              { key: "title", label: "Title", sortField: "title" },
              { key: "identifier", label: "URL key", sortField: "identifier" },
              { key: "is_active", label: "Active", sortField: "is_active" },
              { key: "creation_time", label: "Created", sortField: "creation_time" },
              { key: "update_time", label: "Updated", sortField: "update_time" },
            ]}
          >
            {items.map((p) => (
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
      </GridResults>
      <RequestDetails path={cmsPagesGrid.path} criteria={criteria} fields={fieldsValue} durationMs={list.ok ? list.value.durationMs : undefined} />
    </>
  );
}
