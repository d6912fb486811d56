import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { gridByKey, loadGrid } from "@/lib/dashboard";
import { GridPage } from "@/app/components/GridPage";
import { loadStore } from "../_lib/store-context";

/** Every grid of lib/dashboard/grids.ts at /stores/<id>/<grid key>; the named folders next to this one win over it. */
type Props = { params: Promise<{ id: string; grid: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: gridByKey((await params).grid)?.title ?? "Not found" };
}

export default async function StoreGridPage({ params, searchParams }: Props) {
  const { id, grid } = await params;
  const spec = gridByKey(grid);
  if (!spec) notFound();
  const { store, client } = await loadStore(id, `/${spec.key}`);
  const data = await loadGrid(spec, { installationId: store.installationId, client }, await searchParams);
  return <GridPage spec={spec} data={data} store={store} />;
}
