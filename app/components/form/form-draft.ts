/**
 * What was typed into a form, kept in this tab (sessionStorage) from the moment it is sent until the server answers.
 * When the answer never comes because the session ended (the action sends the browser to sign in), signing in
 * brings the user back to the same page, where the form fills itself in again. Passwords are never kept.
 */
const PREFIX = "kit-form-draft:";
/** An older draft is dropped rather than restored. */
const DRAFT_TTL_MS = 60 * 60 * 1000;

function keyOf(formName: string): string {
  return `${PREFIX}${window.location.pathname}${window.location.search}#${formName}`;
}

/** The form's typed values worth keeping: text-like fields, never passwords, files or hidden fields. */
function typedValues(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const el of Array.from(form.elements)) {
    if (
      !(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) ||
      !el.name
    )
      continue;
    if (
      el instanceof HTMLInputElement &&
      ["password", "hidden", "file", "submit", "button", "checkbox", "radio"].includes(el.type)
    )
      continue;
    out[el.name] = el.value;
  }
  return out;
}

export function keepDraft(form: HTMLFormElement, formName: string): void {
  try {
    sessionStorage.setItem(keyOf(formName), JSON.stringify({ at: Date.now(), values: typedValues(form) }));
  } catch {
    // storage full or refused: nothing is kept, the form works as before
  }
}

export function dropDraft(formName: string): void {
  try {
    sessionStorage.removeItem(keyOf(formName));
  } catch {
    // nothing to drop
  }
}

/** Puts a kept draft back into the form (and forgets it); true when something was filled in. */
export function restoreDraft(form: HTMLFormElement, formName: string): boolean {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(keyOf(formName));
  } catch {
    return false;
  }
  if (!raw) return false;
  dropDraft(formName);
  let draft: { at?: unknown; values?: unknown };
  try {
    draft = JSON.parse(raw) as typeof draft;
  } catch {
    return false;
  }
  if (
    typeof draft.at !== "number" ||
    Date.now() - draft.at > DRAFT_TTL_MS ||
    !draft.values ||
    typeof draft.values !== "object"
  )
    return false;
  const now = typedValues(form);
  let changed = false;
  for (const [name, value] of Object.entries(draft.values as Record<string, unknown>)) {
    if (typeof value !== "string" || !(name in now) || now[name] === value) continue;
    const el = form.elements.namedItem(name);
    if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) {
      el.value = value;
      changed = true;
    }
  }
  return changed;
}
