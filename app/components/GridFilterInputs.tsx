import type { ReactNode } from "react";
import type { grids } from "@/lib/dashboard";
import { Field, SelectField } from "./ui";

const ANY: grids.Grid.FilterOption = { value: "", label: "Any" };

/** The filter's value, or what was typed when it was refused (to be corrected, not typed again). */
function one(state: grids.Grid.State<Record<string, unknown>>, name: string): string {
  const typed = state.rejected[name];
  if (typed !== undefined) return typed;
  const v = state.filters[name];
  return v === undefined || v === null ? "" : String(v);
}

function Input({
  input,
  state,
  lookups,
}: {
  input: Exclude<grids.Grid.FilterInput<Record<string, unknown>>, { kind: "checkboxes" }>;
  state: grids.Grid.State<Record<string, unknown>>;
  lookups: Record<string, grids.Grid.FilterOption[] | undefined>;
}) {
  const common = { name: input.name, defaultValue: one(state, input.name), error: state.errors[input.name] };
  switch (input.kind) {
    case "text":
      return <Field label={input.label} type={input.type} inputMode={input.inputMode} {...common} />;
    case "select":
      return <SelectField label={input.label} options={[ANY, ...input.options]} {...common} />;
    case "lookup": {
      const options = lookups[input.lookup];
      return options && options.length > 0 ? (
        <SelectField label={input.label} options={[ANY, ...options]} {...common} />
      ) : (
        <Field label={input.fallbackLabel} inputMode="numeric" {...common} />
      );
    }
  }
}

/** A grid's filter inputs as its declaration lists them: checkbox groups as fieldsets, the rest in rows. */
export function GridFilterInputs({
  inputs,
  state,
  lookups,
}: {
  inputs: readonly grids.Grid.FilterInput<Record<string, unknown>>[];
  state: grids.Grid.State<Record<string, unknown>>;
  lookups: Record<string, grids.Grid.FilterOption[] | undefined>;
}) {
  const out: ReactNode[] = [];
  let row: ReactNode[] = [];
  const flush = () => {
    if (row.length > 0)
      out.push(
        <div key={`row-${out.length}`} className="form-row">
          {row}
        </div>,
      );
    row = [];
  };
  for (const input of inputs) {
    if (input.kind !== "checkboxes") {
      row.push(<Input key={input.name} input={input} state={state} lookups={lookups} />);
      continue;
    }
    flush();
    const selected = new Set((state.filters[input.name] as unknown[] | undefined)?.map(String) ?? []);
    out.push(
      <fieldset key={input.name}>
        <legend>{input.legend}</legend>
        <div className="check-options">
          {input.options.map((o) => (
            <label key={o.value}>
              <input type="checkbox" name={input.name} value={o.value} defaultChecked={selected.has(o.value)} />
              <span>{o.label}</span>
            </label>
          ))}
        </div>
        {state.errors[input.name] ? <p className="field__error">{state.errors[input.name]}</p> : null}
      </fieldset>,
    );
  }
  flush();
  return <>{out}</>;
}
