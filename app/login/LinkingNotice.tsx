import { Alert } from "@/app/components/ui";

/** On the identity popup's sign-in and sign-up pages: which store the account will be linked to, host in full. */
export function LinkingNotice({
  store,
  verb,
}: {
  store: { host: string; baseUrl: string; name: string | null } | null;
  verb: string;
}) {
  if (!store) {
    return (
      <Alert tone="info" title="No store is waiting to be linked">
        <p>This app has not received an activation for this link. Signing in links nothing.</p>
      </Alert>
    );
  }
  return (
    <Alert tone="warning" title={`${verb} links the store ${store.host} to your account`}>
      <p>
        Store{" "}
        <strong className="mono" data-testid="linking-store-host">
          {store.host}
        </strong>
        {store.name ? <> ({store.name})</> : null}, base URL <span className="mono">{store.baseUrl}</span>. Continue
        only if this is your store and you just clicked Activate or Reauthorize in its admin.
      </p>
    </Alert>
  );
}
