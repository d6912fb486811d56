import { Suspense } from "react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { grids } from "@/lib/dashboard";
import { GridPage } from "@/app/components/GridPage";
import { GridSkeleton } from "@/app/components/GridSkeleton";
import { StoreHeader } from "@/app/components/StoreHeader";
import { loadStore } from "@/app/_kit";
import type { StoreSummary } from "@/lib/kit";

/** Every grid of lib/dashboard/grids.ts at /stores/<id>/<grid key>; the named folders next to this one win over it. */
type Props = {
  params: Promise<{ id: string; grid: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};
type RawParams = Record<string, string | string[] | undefined>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: grids.gridByKey((await params).grid)?.title ?? "Not found" };
}

/** The frame (header, store name, tabs) comes from the database at once; the records stream in below it. */
export default async function StoreGridPage({ params, searchParams }: Props) {
  const { id, grid } = await params;
  const spec = grids.gridByKey(grid);
  if (!spec) notFound();
  const { store, client } = await loadStore(id, `/${spec.key}`);
  const raw = await searchParams;
  return (
    <>
      <StoreHeader
        store={store}
        section={spec.key}
        title={spec.title}
        description={spec.description}
        actions={
          spec.key === "products" ? (
            <a className="btn btn--secondary" href={`/stores/${encodeURIComponent(store.installationId)}/bulk`}>
              Bulk edit
            </a>
          ) : undefined
        }
      />
      <Suspense fallback={<GridSkeleton label={spec.noun} />}>
        <GridRecords spec={spec} store={store} client={client} raw={raw} />
      </Suspense>
    </>
  );
}

async function GridRecords({
  spec,
  store,
  client,
  raw,
}: {
  spec: grids.Grid.AnySpec;
  store: StoreSummary;
  client: Parameters<typeof grids.loadGrid>[1]["client"];
  raw: RawParams;
}) {
  const data = await grids.loadGrid(spec, { installationId: store.installationId, client }, raw);
  return <GridPage spec={spec} data={data} store={store} />;
}
