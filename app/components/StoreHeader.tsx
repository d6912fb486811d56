import { PageHeader } from "./ui/PageHeader";
import { StateBadge } from "./ui/Badge";
import { StoreStateBanner } from "./StoreStateBanner";
import { StoreNav, type StoreSection } from "./StoreNav";

export interface StoreHeaderStore {
  installationId: string;
  baseUrl: string;
  name: string | null;
  /** The name the app's users gave the store. */
  label?: string | null;
  state: string;
  failureReason: string | null;
}

/** Breadcrumbs, title, state badge, sub-navigation and (when not active) the reauthorize banner. */
export function StoreHeader({
  store,
  section,
  title,
  description,
  actions,
}: {
  store: StoreHeaderStore;
  section: StoreSection;
  title: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
}) {
  // the user's name for the store, else its host: "Default Store View" reads the same for every store
  const storeLabel = store.label ?? new URL(store.baseUrl).host;
  const base = `/stores/${encodeURIComponent(store.installationId)}`;
  return (
    <>
      <PageHeader
        breadcrumbs={[
          { href: "/stores", label: "Stores" },
          ...(section === "overview" ? [{ label: storeLabel }] : [{ href: base, label: storeLabel }, { label: title }]),
        ]}
        title={
          <>
            {title} <StateBadge state={store.state} failureReason={store.failureReason} />
          </>
        }
        description={description}
        actions={actions}
      />
      <StoreNav storeId={store.installationId} current={section} />
      <StoreStateBanner
        storeId={store.installationId}
        state={store.state}
        reason={store.failureReason}
        onDiagnostics={section === "diagnostics"}
      />
    </>
  );
}
