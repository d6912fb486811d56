"use client";

import { useActionState } from "react";
import { Alert, Button, Field, SelectField, TextAreaField } from "@/app/components/ui";
import { startExportAction, type ExportFormState } from "./actions";

/** `entities`: the exportable lists (lib/exports/options.ts), first one preselected. */
export function ExportForm({
  installationId,
  entities,
}: {
  installationId: string;
  entities: ReadonlyArray<{ value: string; label: string }>;
}) {
  const [state, action, pending] = useActionState<ExportFormState, FormData>(startExportAction, {});
  const err = (f: string) => (state.field === f ? state.error : undefined);
  return (
    <form action={action} className="stack" aria-label="Start an export">
      <input type="hidden" name="installationId" value={installationId} />
      {state.error && !state.field ? <Alert tone="error">{state.error}</Alert> : null}
      {state.started ? (
        <Alert tone="success">Export started: it runs in the background; progress shows below.</Alert>
      ) : null}
      <SelectField
        label="What to export"
        name="entity"
        options={entities}
        defaultValue={state.values?.entity ?? entities[0]?.value}
        error={err("entity")}
      />
      <Field
        label="Fields"
        name="fields"
        spellCheck={false}
        placeholder="default: the usual fields of that list"
        hint="Item fields, comma-separated, e.g. sku,name,price or sku,extension_attributes[stock_item[qty]]"
        defaultValue={state.values?.fields}
        error={err("fields")}
      />
      <TextAreaField
        label="Filters"
        name="filters"
        rows={3}
        spellCheck={false}
        hint="One per line, as field:condition:value (e.g. price:gt:50); lines are ANDed, | inside a line is OR."
        defaultValue={state.values?.filters}
        error={err("filters")}
      />
      <Field
        label="Rows per store request"
        name="pageSize"
        type="number"
        min={1}
        max={300}
        defaultValue={state.values?.pageSize ?? "200"}
        error={err("pageSize")}
      />
      <div className="form-actions">
        <Button type="submit" disabled={pending}>
          {pending ? "Starting…" : "Start export"}
        </Button>
      </div>
    </form>
  );
}
