/**
 * The Content-Security-Policy of every page: scripts only from this origin with the request's nonce (Next marks
 * its own scripts with it; 'strict-dynamic' lets them load the chunks they need), no plugins, no framing, no
 * <base> tricks, forms only to this origin (and, on the identity popup's pages, the store admin it returns to).
 * Styles allow inline attributes (React `style={…}`); no 'unsafe-eval' outside `next dev` (React needs it there
 * for its error overlays).
 */
export function contentSecurityPolicy(o: {
  nonce: string;
  dev: boolean;
  https: boolean;
  formTargets?: string[];
}): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${o.nonce}' 'strict-dynamic'${o.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${o.dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${(o.formTargets ?? []).map((t) => ` ${t}`).join("")}`,
    "frame-ancestors 'none'",
  ];
  if (o.https && !o.dev) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}
