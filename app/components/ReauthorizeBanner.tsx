import Link from "next/link";
import { Alert } from "./ui/Alert";

const MESSAGES: Record<string, { title: string; body: string }> = {
  needs_reauthorization: {
    title: "This store needs to be reauthorized",
    body: "The store no longer accepts this app's access token (it was revoked or replaced). Calls will fail until the merchant clicks Reauthorize on the integration in System › Extensions › Integrations.",
  },
  revoked: {
    title: "The store revoked this app's access",
    body: "The merchant revoked the access token. Ask them to Reauthorize the integration in System › Extensions › Integrations.",
  },
  failed: {
    title: "Linking this store failed",
    body: "The token exchange did not complete. Activate or Reauthorize the integration again in the store admin; diagnostics shows why it failed.",
  },
  pending: { title: "Waiting for the token exchange", body: "The store sent its activation; the app has not finished exchanging tokens yet." },
  exchanging: { title: "Exchanging tokens with the store", body: "This takes a moment. Reload the page shortly." },
};

/** Shown on every store page whose installation is not active. */
export function ReauthorizeBanner({ storeId, state, reason }: { storeId: string; state: string; reason?: string | null }) {
  const m = MESSAGES[state];
  if (state === "active" || !m) return null;
  return (
    <Alert tone={state === "pending" || state === "exchanging" ? "info" : "warning"} title={m.title} role="alert">
      <p>{m.body}</p>
      {reason ? <p className="muted">Reason recorded: {reason}</p> : null}
      <p>
        <Link href={`/stores/${encodeURIComponent(storeId)}/diagnostics`}>Reauthorize: see diagnostics and the steps</Link>
      </p>
    </Alert>
  );
}
