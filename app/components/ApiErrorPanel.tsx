import Link from "next/link";
import { type ApiErrorView, describeStoreState, stateOfRevocation } from "@/lib/dashboard";
import { Alert } from "./ui/Alert";
import { TryAgainButton } from "./TryAgainButton";

/**
 * A failed store call: what happened, the store's own words, and what to do next. A refused token reads in the
 * state table's words (the same as the store's banner), so a page never gives two different instructions.
 * `error`: the plain view of the failure (lib/dashboard/api-error-view.ts), never the thrown Error itself.
 */
export function ApiErrorPanel({ error: v, storeId, doing }: { error: ApiErrorView; storeId: string; doing: string }) {
  const diagnostics = `/stores/${encodeURIComponent(storeId)}/diagnostics`;
  const revoked = stateOfRevocation(v.code);
  if (revoked) {
    const s = describeStoreState(revoked);
    return (
      <Alert tone="error" title={s.title}>
        <p>
          While {doing} the store answered{v.status ? ` HTTP ${v.status}` : ""}
          {v.storeMessage ? (
            <>
              : <q>{v.storeMessage}</q>
            </>
          ) : (
            "."
          )}
        </p>
        {s.action.kind !== "none" ? <p>{s.action.text}</p> : null}
        <p>
          <Link href={diagnostics}>Diagnostics: history and details</Link>
        </p>
      </Alert>
    );
  }
  return (
    <Alert tone={v.action === "none" ? "warning" : "error"} title={v.title}>
      <p>
        While {doing}
        {v.status ? ` the store answered HTTP ${v.status}` : " the call failed"}
        {v.storeMessage ? (
          <>
            : <q>{v.storeMessage}</q>
          </>
        ) : (
          "."
        )}
      </p>
      <p>{v.advice}</p>
      {v.action === "retry" ? (
        <p className="actions-row">
          <TryAgainButton /> <Link href={diagnostics}>Diagnostics</Link>
        </p>
      ) : null}
      {v.action === "reauthorize" || v.action === "grant_resource" || v.action === "check_store" ? (
        <p>
          <Link href={diagnostics}>
            {v.action === "check_store" ? "Open diagnostics" : "Open diagnostics for the steps"}
          </Link>
        </p>
      ) : null}
    </Alert>
  );
}
