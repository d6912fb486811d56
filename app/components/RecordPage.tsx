import type { ReactNode } from "react";
import { notFound } from "next/navigation";
import { records } from "@/lib/dashboard";
import { loadStore, type StoreSummary } from "@/app/stores/[id]/_lib/store-context";
import { RecordLoadFailed } from "./RecordLoadFailed";

/** Where a record was read: the store (for its header) and the store's base path (for links). */
export type RecordAt = { store: StoreSummary; base: string; key: string };

/**
 * Every detail page's frame, like the grid page's: the record's key from the URL (404 when it names none), the
 * user's store (404 when not theirs), the record's loader, and on failure the store's header, what failed and the
 * way back to the list. `children` renders the loaded record.
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
  const base = `/stores/${encodeURIComponent(storeId)}`;
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
