import type { Metadata } from "next";
import { gridFields, gridSearchCriteria, parseGridParams } from "@/lib/dashboard/grid";
import { customersGrid, type CustomerRow } from "@/lib/dashboard/customers-grid";
import { parseListResult } from "@/lib/dashboard/list-result";
import { formatStoreDate, text } from "@/lib/dashboard/format";
import { StoreHeader } from "@/app/components/StoreHeader";
import { GridTable } from "@/app/components/GridTable";
import { GridFilterForm } from "@/app/components/GridFilterForm";
import { GridResults } from "@/app/components/GridResults";
import { RequestDetails } from "@/app/components/RequestDetails";
import { Field, SelectField } from "@/app/components/ui";
import Link from "next/link";
import { GROUP_FIELDS, GROUPS_CRITERIA, groupNames } from "@/lib/dashboard/customer-detail";
import { attempt, loadStore, storeClient } from "../_lib/store-context";

export const metadata: Metadata = { title: "Customers" };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function CustomersPage({ params, searchParams }: Props) {
  const { id } = await params;
  const { user, store } = await loadStore(id, "/customers");
  const state = parseGridParams(customersGrid, await searchParams);
  const basePath = `/stores/${encodeURIComponent(id)}/customers`;
  const criteria = gridSearchCriteria(customersGrid, state);
  const fieldsValue = gridFields(customersGrid);
  const [list, groups] = await Promise.all([
    attempt(async () => {
      const client = await storeClient(store.installationId, user.id);
      const res = await client.request({ method: "GET", path: customersGrid.path, searchCriteria: criteria, fields: fieldsValue });
      return { ...parseListResult<CustomerRow>(res.data), durationMs: res.durationMs };
    }),
    // group names instead of 1/2/3 (needs Magento_Customer::group; ids are shown without it)
    attempt(async () => {
      const client = await storeClient(store.installationId, user.id);
      return groupNames((await client.request({ method: "GET", path: "/V1/customerGroups/search", searchCriteria: GROUPS_CRITERIA, fields: GROUP_FIELDS })).data);
    }),
  ]);
  const groupName = (gid: number | undefined) => (gid === undefined ? "—" : groups.ok ? (groups.value.get(gid) ?? `Group ${gid}`) : `Group ${gid}`);
  const f = state.filters;

  return (
    <>
      <StoreHeader store={store} section="customers" title="Customers" />
      <GridFilterForm spec={customersGrid} state={state} basePath={basePath} label="Filter customers">
        <div className="form-row">
          <Field label="Email or name contains" name="q" type="search" defaultValue={f.q ?? ""} error={state.errors.q} />
          {groups.ok && groups.value.size > 0 ? (
            <SelectField
              label="Customer group"
              name="group"
              defaultValue={f.group ?? ""}
              error={state.errors.group}
              options={[{ value: "", label: "Any" }, ...[...groups.value].map(([gid, code]) => ({ value: String(gid), label: code }))]}
            />
          ) : (
            <Field label="Customer group ID" name="group" inputMode="numeric" defaultValue={f.group ?? ""} error={state.errors.group} />
          )}
          <Field label="Created from" name="created_from" type="date" defaultValue={f.created_from ?? ""} error={state.errors.created_from} />
          <Field label="Created to" name="created_to" type="date" defaultValue={f.created_to ?? ""} error={state.errors.created_to} />
        </div>
      </GridFilterForm>
      <GridResults list={list} spec={customersGrid} state={state} basePath={basePath} storeId={id} noun="customers">
        {(items, total) => (
          <GridTable
            id="customers"
            caption="Customers"
            basePath={basePath}
            spec={customersGrid}
            state={state}
            total={total}
            columns={[
              { key: "email", label: "Email", sortField: "email" },
              { key: "firstname", label: "First name", sortField: "firstname" },
              { key: "lastname", label: "Last name", sortField: "lastname" },
              { key: "group_id", label: "Group", sortField: "group_id" },
              { key: "created_at", label: "Created", sortField: "created_at" },
            ]}
          >
            {items.map((c) => (
              <tr key={c.id}>
                <td>
                  <Link href={`${basePath}/${c.id}`} prefetch={false}>
                    {text(c.email)}
                  </Link>
                </td>
                <td>{text(c.firstname)}</td>
                <td>{text(c.lastname)}</td>
                <td>{groupName(c.group_id)}</td>
                <td>{formatStoreDate(c.created_at)}</td>
              </tr>
            ))}
          </GridTable>
        )}
      </GridResults>
      <RequestDetails path={customersGrid.path} criteria={criteria} fields={fieldsValue} durationMs={list.ok ? list.value.durationMs : undefined} />
    </>
  );
}
