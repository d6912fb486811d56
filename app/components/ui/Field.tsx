import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

interface FieldBase {
  label: ReactNode;
  name: string;
  /** Defaults to `field-<name>`; the label, hint and error are wired to it. */
  id?: string;
  hint?: ReactNode;
  error?: string | undefined;
}

function ids(name: string, id: string | undefined) {
  const fieldId = id ?? `field-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;
  return { fieldId, hintId: `${fieldId}-hint`, errorId: `${fieldId}-error` };
}

function describedBy(hint: ReactNode, error: string | undefined, hintId: string, errorId: string): string | undefined {
  const parts = [hint ? hintId : null, error ? errorId : null].filter(Boolean);
  return parts.length > 0 ? parts.join(" ") : undefined;
}

function FieldShell(props: {
  fieldId: string;
  hintId: string;
  errorId: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={props.fieldId}>{props.label}</label>
      {props.children}
      {props.hint ? (
        <span id={props.hintId} className="field__hint">
          {props.hint}
        </span>
      ) : null}
      {props.error ? (
        <span id={props.errorId} className="field__error">
          {props.error}
        </span>
      ) : null}
    </div>
  );
}

export type FieldProps = FieldBase & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id">;

/** Label + input + hint + error with id wiring (aria-describedby, aria-invalid). */
export function Field({ label, name, id, hint, error, type = "text", ...input }: FieldProps) {
  const { fieldId, hintId, errorId } = ids(name, id);
  return (
    <FieldShell fieldId={fieldId} hintId={hintId} errorId={errorId} label={label} hint={hint} error={error}>
      <input
        id={fieldId}
        name={name}
        type={type}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint, error, hintId, errorId)}
        {...input}
      />
    </FieldShell>
  );
}

export type SelectFieldProps = FieldBase &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id"> & {
    options: ReadonlyArray<{ value: string; label: string }>;
  };

export function SelectField({ label, name, id, hint, error, options, ...select }: SelectFieldProps) {
  const { fieldId, hintId, errorId } = ids(name, id);
  return (
    <FieldShell fieldId={fieldId} hintId={hintId} errorId={errorId} label={label} hint={hint} error={error}>
      <select
        id={fieldId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint, error, hintId, errorId)}
        {...select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export type TextAreaFieldProps = FieldBase & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id">;

export function TextAreaField({ label, name, id, hint, error, ...area }: TextAreaFieldProps) {
  const { fieldId, hintId, errorId } = ids(name, id);
  return (
    <FieldShell fieldId={fieldId} hintId={hintId} errorId={errorId} label={label} hint={hint} error={error}>
      <textarea
        id={fieldId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint, error, hintId, errorId)}
        spellCheck={false}
        {...area}
      />
    </FieldShell>
  );
}
