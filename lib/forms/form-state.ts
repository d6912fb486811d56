/**
 * The one form pattern of the app. Every form posts to a server action that returns a FormState:
 * - `values`: what the user submitted, sent back so every input is re-filled (nothing typed is lost, secrets
 *   included: the user just typed them in this browser);
 * - `fieldErrors`: one specific message per field, shown next to it (the first invalid field gets the focus);
 * - `formError`: what went wrong that is no single field's fault;
 * - `saved`: a confirmation for the status line, stamped so a second save announces again and an edit after it
 *   hides it (no stale "saved").
 * The client side is app/components/form/ActionForm.tsx. Pure: no Next imports.
 */
import type { z } from "zod";

export type FormValues = Record<string, string>;

export interface FormState {
  values: FormValues;
  fieldErrors: Record<string, string>;
  formError?: string;
  saved?: { message: string; at: number };
}

export const EMPTY_FORM: FormState = { values: {}, fieldErrors: {} };

/** The named fields of a submitted form as strings (files and missing fields read as ""). */
export function formValues(
  form: { get(name: string): FormDataEntryValue | null },
  names: readonly string[],
): FormValues {
  const out: FormValues = {};
  for (const n of names) {
    const v = form.get(n);
    out[n] = typeof v === "string" ? v : "";
  }
  return out;
}

/** One message per field: the first issue zod reports for it; issues without a field become the form error. */
export function errorsFromZod(error: z.ZodError): { fieldErrors: Record<string, string>; formError?: string } {
  const fieldErrors: Record<string, string> = {};
  let formError: string | undefined;
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : "";
    if (key) fieldErrors[key] ??= issue.message;
    else formError ??= issue.message;
  }
  return { fieldErrors, ...(formError ? { formError } : {}) };
}

/**
 * Reads the named fields and validates them. On failure the state to return as is (values kept, one message
 * per field); on success the parsed data and the values (to return with `saved`).
 */
export function parseForm<S extends z.ZodType>(
  schema: S,
  form: { get(name: string): FormDataEntryValue | null },
  names: readonly string[],
): { ok: true; data: z.output<S>; values: FormValues } | { ok: false; state: FormState } {
  const values = formValues(form, names);
  const r = schema.safeParse(values);
  if (r.success) return { ok: true, data: r.data, values };
  return { ok: false, state: { values, ...errorsFromZod(r.error) } };
}

/** A state that keeps the values and reports a problem (a field's, when `field` is given). */
export function failed(values: FormValues, message: string, field?: string): FormState {
  return field ? { values, fieldErrors: { [field]: message } } : { values, fieldErrors: {}, formError: message };
}

/** A successful save: the values as they are now (or as the server normalised them) and the confirmation. */
export function saved(values: FormValues, message: string, now = Date.now()): FormState {
  return { values, fieldErrors: {}, saved: { message, at: now } };
}
