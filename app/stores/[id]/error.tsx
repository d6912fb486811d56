"use client";

import Link from "next/link";
import { useParams } from "next/navigation";

/** Unexpected failure on a store page (store errors are shown in place; this is the last resort). */
export default function StoreError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const params = useParams<{ id: string }>();
  return (
    <div className="alert alert--error" role="alert">
      <p className="alert__title">This page could not be shown</p>
      <p>
        Something failed while loading it{error.digest ? ` (reference ${error.digest})` : ""}. Your data in the store
        was not changed by this page.
      </p>
      <p>
        <button type="button" className="btn btn--secondary btn--small" onClick={() => reset()}>
          Try again
        </button>{" "}
        {params?.id ? (
          <Link href={`/stores/${encodeURIComponent(params.id)}/diagnostics`}>Open diagnostics</Link>
        ) : (
          <Link href="/stores">Back to stores</Link>
        )}
      </p>
    </div>
  );
}
