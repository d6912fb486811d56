/**
 * Reads an application/x-www-form-urlencoded body as PHP's http_build_query writes it (Magento's token
 * responses and oauth_problem errors): `name=value` pairs joined by "&", "+" for a space, %XX escapes.
 * Strict: a part without "=", an unusual name or a malformed escape makes the whole body unreadable (undefined),
 * because such a body did not come from http_build_query. Repeated names: the last one wins.
 */
const FORM_NAME = /^[A-Za-z0-9_.\-[\]]+$/;

function decodeFormComponent(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw.replaceAll("+", " "));
  } catch {
    return undefined;
  }
}

export function parseFormBody(body: string): Map<string, string> | undefined {
  const trimmed = body.trim();
  if (trimmed === "") return undefined;
  const out = new Map<string, string>();
  for (const part of trimmed.split("&")) {
    if (part === "") continue;
    const eq = part.indexOf("=");
    if (eq <= 0) return undefined;
    const name = decodeFormComponent(part.slice(0, eq));
    const value = decodeFormComponent(part.slice(eq + 1));
    if (name === undefined || value === undefined || !FORM_NAME.test(name)) return undefined;
    out.set(name, value);
  }
  return out.size > 0 ? out : undefined;
}
