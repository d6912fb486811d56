import Link from "next/link";
import type { ApiErrorView } from "@/lib/dashboard";
import { StoreHeader, type StoreHeaderStore } from "./StoreHeader";
import type { StoreSection } from "./StoreNav";
import { ApiErrorPanel } from "./ApiErrorPanel";

/** A detail page whose record could not be read: the store's header, what failed, and the way back to its list. */
export function RecordLoadFailed(props: {
  store: StoreHeaderStore;
  section: StoreSection;
  title: string;
  error: ApiErrorView;
  doing: string;
  back: { href: string; label: string };
}) {
  return (
    <>
      <StoreHeader store={props.store} section={props.section} title={props.title} />
      <ApiErrorPanel error={props.error} storeId={props.store.installationId} doing={props.doing} />
      <p>
        <Link href={props.back.href}>{props.back.label}</Link>
      </p>
    </>
  );
}
