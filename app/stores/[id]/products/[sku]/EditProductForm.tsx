"use client";

import { useActionState } from "react";
import { Alert } from "@/app/components/ui/Alert";
import { Button } from "@/app/components/ui/Button";
import { Field } from "@/app/components/ui/Field";
import type { EditResult } from "./actions";

export function EditProductForm({
  action,
  initial,
}: {
  action: (prev: EditResult, form: FormData) => Promise<EditResult>;
  initial: { name: string; price: string; qty: string };
}) {
  const [result, formAction, pending] = useActionState(action, { kind: "idle" } as EditResult);
  const errors = result.kind === "invalid" ? result.errors : {};
  return (
    <form action={formAction} aria-describedby="edit-result" noValidate>
      <div className="form-row">
        <Field label="Name" name="name" defaultValue={initial.name} error={errors.name} required maxLength={255} />
        <Field label="Price" name="price" inputMode="decimal" defaultValue={initial.price} error={errors.price} required />
        <Field label="Quantity" name="qty" inputMode="decimal" defaultValue={initial.qty} error={errors.qty} required />
      </div>
      <div className="form-actions">
        <Button disabled={pending} aria-disabled={pending}>
          {pending ? "Saving…" : "Save to store"}
        </Button>
        <span className="muted">Sends a signed PUT /V1/products/{"{sku}"}.</span>
      </div>
      <div id="edit-result" style={{ marginTop: "0.75rem" }}>
        {result.kind === "saved" ? (
          <Alert tone="success" title={`Saved: the store answered HTTP ${result.status} in ${result.durationMs} ms`}>
            <p>
              The store now has name <strong>{result.name ?? "?"}</strong>, price <strong>{result.price ?? "?"}</strong>, quantity{" "}
              <strong>{result.qty ?? "?"}</strong>.
            </p>
          </Alert>
        ) : result.kind === "failed" ? (
          <Alert tone="error" title={result.title}>
            {result.storeMessage ? (
              <p>
                The store answered{result.status ? ` HTTP ${result.status}` : ""}: <q>{result.storeMessage}</q>
              </p>
            ) : null}
            <p>{result.advice}</p>
          </Alert>
        ) : result.kind === "invalid" ? (
          <Alert tone="error" title="Nothing was sent: fix the fields marked above" />
        ) : null}
      </div>
    </form>
  );
}
