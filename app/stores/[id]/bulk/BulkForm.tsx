"use client";

import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { Alert, Button, Field, Table } from "@/app/components/ui";
import { useLeaveGuard } from "@/app/components/form/leave-guard";
import { MAX_FILE_BYTES, type BulkFormState } from "@magento-integration/sync/bulk-client";
import { postUpload } from "./post-upload";

/**
 * Upload → validated preview (per-row errors) → submit. The file stays chosen between the two steps; leaving with
 * a file chosen and not sent asks first. The file itself cannot be kept for after a sign-in (a browser never lets a
 * page fill in a file input), so this form keeps no draft. The form posts to its own upload route (post-upload.ts),
 * not a server action: those take at most 1 MB.
 */
export function BulkForm({ installationId }: { installationId: string }) {
  const router = useRouter();
  const [state, setState] = useState<BulkFormState>({});
  const [pending, setPending] = useState(false);
  const p = state.preview;
  const [chosen, setChosen] = useState(false);
  useLeaveGuard(chosen && !state.started);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const submitter = (e.nativeEvent as SubmitEvent).submitter;
    const data = new FormData(e.currentTarget, submitter);
    const file = data.get("file");
    if (!(file instanceof File) || file.size === 0) return setState({ error: "Choose a CSV or NDJSON file first." });
    // said before a byte is sent: the upload route would refuse it all the same (413)
    if (file.size > MAX_FILE_BYTES)
      return setState({
        error: `The file is ${(file.size / 1024 / 1024).toFixed(1)} MB; the limit is ${MAX_FILE_BYTES / 1024 / 1024} MB: split it into several files.`,
      });
    setPending(true);
    void postUpload(installationId, data).then((next) => {
      setState(next);
      setPending(false);
      if (next.started) router.refresh();
    });
  };
  return (
    <form
      onSubmit={submit}
      onChange={(e) => {
        const input: EventTarget = e.target;
        if (input instanceof HTMLInputElement && input.type === "file") setChosen((input.files?.length ?? 0) > 0);
      }}
      className="stack"
      aria-label="Bulk edit products"
    >
      {state.error ? <Alert tone="error">{state.error}</Alert> : null}
      {state.started ? (
        <Alert tone="success">Submitted: the rows are on their way to the store; progress shows below.</Alert>
      ) : null}
      <Field
        label="CSV or NDJSON file"
        name="file"
        type="file"
        accept=".csv,.ndjson,.jsonl,.txt,text/csv,application/x-ndjson"
        required
        hint="A header row with sku plus any of price, special_price, qty, status (1 on, 2 off), visibility (1-4); up to 10 MB."
      />
      {p && !state.started ? (
        <div className="stack" data-testid="bulk-preview">
          <p>
            <strong>{p.fileName}</strong>: {p.total.toLocaleString("en")} rows, {p.valid.toLocaleString("en")} ready to
            send, <span data-testid="invalid-count">{(p.total - p.valid).toLocaleString("en")}</span> will not be sent.
          </p>
          {p.invalid.length ? (
            <Table
              caption="Rows that will not be sent, and why"
              columns={[
                { key: "row", label: "Row" },
                { key: "sku", label: "SKU" },
                { key: "error", label: "Problem" },
              ]}
            >
              {p.invalid.map((r) => (
                <tr key={r.row} data-testid="invalid-row">
                  <td className="mono nowrap">{r.row}</td>
                  <td className="mono nowrap">{r.sku || "—"}</td>
                  <td>{r.error}</td>
                </tr>
              ))}
            </Table>
          ) : null}
          {p.mirrored ? (
            <>
              {p.unknownCount ? (
                <Alert
                  tone="warning"
                  title={
                    p.unknownCount === 1
                      ? "1 SKU is not in the store"
                      : `${p.unknownCount.toLocaleString("en")} SKUs are not in the store`
                  }
                >
                  <p data-testid="unknown-count">
                    The app&apos;s copy of the catalogue has no product with these SKUs: the store will refuse the rows
                    (or create new products, if a row carries enough for one). They are sent as they are.
                  </p>
                  <ul>
                    {p.unknown.map((r) => (
                      <li key={r.row} className="mono" data-testid="unknown-row">
                        row {r.row}: {r.sku}
                      </li>
                    ))}
                  </ul>
                  {p.unknownCount > p.unknown.length ? (
                    <p>
                      And {(p.unknownCount - p.unknown.length).toLocaleString("en")} more; after sending, the failures
                      CSV lists every row the store refused.
                    </p>
                  ) : null}
                </Alert>
              ) : null}
              <p>
                Against the store&apos;s current values:{" "}
                <span data-testid="change-count">{p.changeCount.toLocaleString("en")}</span>{" "}
                {p.changeCount === 1 ? "row changes" : "rows change"} something, {p.unchanged.toLocaleString("en")}{" "}
                {p.unchanged === 1 ? "changes" : "change"} nothing.
              </p>
              {p.changes.length ? (
                <Table
                  caption={`What changes${p.changeCount > p.changes.length ? ` (first ${p.changes.length})` : ""}`}
                  columns={[
                    { key: "row", label: "Row" },
                    { key: "sku", label: "SKU" },
                    { key: "changes", label: "Now → after" },
                  ]}
                >
                  {p.changes.map((r) => (
                    <tr key={r.row} data-testid="change-row">
                      <td className="mono nowrap">{r.row}</td>
                      <td className="mono nowrap">{r.sku}</td>
                      <td>
                        {r.changes.map((c) => (
                          <div key={c.field}>
                            {c.field}: <span className="mono nowrap">{c.from}</span> →{" "}
                            <span className="mono nowrap">{c.to}</span>
                          </div>
                        ))}
                      </td>
                    </tr>
                  ))}
                </Table>
              ) : null}
            </>
          ) : (
            <p className="muted" data-testid="no-mirror">
              The app has not synced this store&apos;s products yet, so unknown SKUs and current values are not shown.
            </p>
          )}
        </div>
      ) : null}
      <div className="form-actions">
        <Button type="submit" name="intent" value="preview" variant="secondary" disabled={pending}>
          {pending ? "Checking…" : "Check file"}
        </Button>
        {p && p.valid > 0 && !state.started ? (
          <Button type="submit" name="intent" value="submit" disabled={pending}>
            Send {p.valid.toLocaleString("en")} rows
          </Button>
        ) : null}
      </div>
    </form>
  );
}
