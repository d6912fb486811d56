/**
 * What was typed into a form, kept in this tab (sessionStorage) from the moment it is sent until the server answers.
 * When the answer never comes because the session ended (the action sends the browser to sign in), signing in
 * brings the user back to the same page, where the form fills itself in again. Passwords and other secrets are
 * never kept (isKeptField).
 */
const PREFIX = "kit-form-draft:";
/** An older draft is dropped rather than restored. */
const DRAFT_TTL_MS = 60 * 60 * 1000;

function keyOf(formName: string): string {
  return `${PREFIX}${window.location.pathname}${window.location.search}#${formName}`;
}

/** A field name, or a key in typed JSON or name=value lines, that names a secret. */
const SECRET_NAME = /passw(or)?d|passphrase|secret|token|api[-_]?key|private[-_]?key|credential/i;
const SECRET_KEY_IN_TEXT = new RegExp(`(${SECRET_NAME.source})[^\\s"'=:]*["']?\\s*[:=]`, "i");

/**
 * Whether a typed field may be kept in the tab's storage: text-like fields only (never passwords, files, hidden
 * fields, boxes or buttons), and never one whose name, autocomplete or text names a secret (a customer's password
 * in a JSON body, an access token pasted into a form).
 */
export function isKeptField(field: { name: string; type: string; autocomplete: string; value: string }): boolean {
  if (!field.name) return false;
  if (["password", "hidden", "file", "submit", "button", "checkbox", "radio", "image", "reset"].includes(field.type))
    return false;
  if (/password|one-time-code/i.test(field.autocomplete)) return false;
  return !SECRET_NAME.test(field.name) && !SECRET_KEY_IN_TEXT.test(field.value);
}

/** The form's typed values worth keeping (isKeptField). */
function typedValues(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const el of Array.from(form.elements)) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement))
      continue;
    const field = {
      name: el.name,
      type: el instanceof HTMLInputElement ? el.type : el instanceof HTMLSelectElement ? "select" : "textarea",
      autocomplete: el.getAttribute("autocomplete") ?? "",
      value: el.value,
    };
    if (isKeptField(field)) out[el.name] = el.value;
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
