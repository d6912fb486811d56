import Link from "next/link";
import type { ApiErrorView } from "@/lib/dashboard/api-error-view";
import { Alert } from "./ui/Alert";

/** A failed store call: what happened, the store's own words, and what to do next. */
/** `error`: the plain view of the failure (lib/dashboard/api-error-view.ts), never the thrown Error itself. */
export function ApiErrorPanel({ error: v, storeId, doing }: { error: ApiErrorView; storeId: string; doing: string }) {
  const diagnostics = `/stores/${encodeURIComponent(storeId)}/diagnostics`;
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
      {v.action === "reauthorize" || v.action === "grant_resource" || v.action === "check_store" ? (
        <p>
          <Link href={diagnostics}>{v.action === "check_store" ? "Open diagnostics" : "Reauthorize: open diagnostics for the steps"}</Link>
        </p>
      ) : null}
    </Alert>
  );
}
