import Link from "next/link";
import { describeStoreState } from "@/lib/dashboard";
import { Alert } from "./ui/Alert";

/**
 * Shown on every store page whose installation is not active: one message per state, from the state table
 * (lib/dashboard/store-state.ts), with the one thing to do and a way to it.
 */
export function StoreStateBanner({
  storeId,
  state,
  reason,
  onDiagnostics = false,
}: {
  storeId: string;
  state: string;
  reason?: string | null;
  onDiagnostics?: boolean;
}) {
  const v = describeStoreState({ state, failureReason: reason ?? null });
  if (v.key === "active") return null;
  const base = `/stores/${encodeURIComponent(storeId)}`;
  return (
    <Alert
      tone={v.tone === "danger" ? "error" : v.tone === "info" ? "info" : "warning"}
      title={v.title}
      role={v.tone === "info" ? "status" : "alert"}
    >
      <p data-testid="state-detail">{v.detail}</p>
      {v.action.kind !== "none" ? (
        <p>
          <strong>What to do:</strong> <span data-testid="state-action">{v.action.text}</span>
        </p>
      ) : null}
      <p className="form-actions">
        {v.action.kind === "remove_and_activate_new" ? <Link href={`${base}/remove`}>Remove this store…</Link> : null}
        {!onDiagnostics ? <Link href={`${base}/diagnostics`}>Diagnostics: history and details</Link> : null}
      </p>
    </Alert>
  );
}
