import { Suspense, type ReactNode } from "react";
import { notFound } from "next/navigation";
import { records } from "@/lib/dashboard";
import { loadStore } from "@/app/_kit";
import type { StoreSummary } from "@/lib/kit";
import { GridSkeleton } from "./GridSkeleton";
import { RecordLoadFailed } from "./RecordLoadFailed";
import { StoreHeader } from "./StoreHeader";

/** Where a record was read: the store (for its header) and the store's base path (for links). */
export type RecordAt = { store: StoreSummary; base: string; key: string };

type Client = Parameters<typeof records.loadRecord>[1]["client"];

/**
 * Every detail page's frame, like the grid page's: the record's key from the URL (404 when it names none), the
 * user's store (404 when not theirs), then at once the store's header (named by the record's key) while the
 * record streams in from the store; on failure the header, what failed and the way back to the list. `children`
 * renders the loaded record (with its own header, naming the record as the store calls it).
 */
export async function RecordPage<K extends string, D>(props: {
  spec: records.RecordSpec<K, D>;
  storeId: string;
  segment: string;
  children: (data: D, at: RecordAt) => ReactNode;
}) {
  const { spec, storeId, segment } = props;
  const key = spec.key(segment);
  if (key === null) notFound();
  const { store, client } = await loadStore(storeId, `/${spec.section}/${encodeURIComponent(key)}`);
  const frame = (
    <>
      <StoreHeader store={store} section={spec.section} title={spec.title(key)} />
      <GridSkeleton label={`${spec.noun} ${key}`} />
    </>
  );
  return (
    <Suspense fallback={frame}>
      <LoadedRecord spec={spec} store={store} client={client} recordKey={key}>
        {props.children}
      </LoadedRecord>
    </Suspense>
  );
}

async function LoadedRecord<K extends string, D>(props: {
  spec: records.RecordSpec<K, D>;
  store: StoreSummary;
  client: Client;
  recordKey: string;
  children: (data: D, at: RecordAt) => ReactNode;
}) {
  const { spec, store, client, recordKey: key } = props;
  const base = `/stores/${encodeURIComponent(store.installationId)}`;
  const record = await records.loadRecord(spec, { installationId: store.installationId, client }, key);
  if (!record.ok) {
    return (
      <RecordLoadFailed
        store={store}
        section={spec.section}
        title={spec.title(key)}
        error={record.error}
        doing={`loading ${spec.noun} ${key}`}
        back={{ href: `${base}/${spec.section}`, label: `Back to ${spec.section}` }}
      />
    );
  }
  return props.children(record.value, { store, base, key });
}
