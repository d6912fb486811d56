import { kit } from "@/app/_kit";
import { CALLBACK_BODY_MAX_BYTES, clientIp, readBodyCapped } from "@/app/_kit/request";

/**
 * Callback URL of the integration. Magento POSTs here on Activate, Save & Activate and Reauthorize
 * (`OauthService::postToConsumer`): four form fields, no signature, 5 s timeout, redirects not followed, answer
 * ignored. We validate, enqueue the callback as one job and answer 200 at once (no redirect: next.config
 * skipTrailingSlashRedirect); jobs record it and exchange the tokens, within 300 s of this POST
 * (packages/handshake/src/integration/jobs.ts). Magento may re-POST for the same consumer key (Reauthorize), and anyone can
 * POST anything here.
 */
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

function text(status: number, body: string): Response {
  return new Response(body + "\n", {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export async function POST(request: Request): Promise<Response> {
  // a bounded number at once, taken before anything is read or written (docs/security.md, "Floods")
  const release = kit().handshake.enterCallback();
  if (!release) return answer(kit().handshake.busy());
  try {
    return await receive(request);
  } finally {
    release();
  }
}

function answer(result: { status: number; message: string; retryAfterSeconds?: number }): Response {
  const res = text(result.status, result.message);
  if (result.retryAfterSeconds) res.headers.set("Retry-After", String(result.retryAfterSeconds));
  return res;
}

async function receive(request: Request): Promise<Response> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/x-www-form-urlencoded")) {
    return text(400, "The activation callback must be application/x-www-form-urlencoded (Magento posts a form).");
  }
  const body = await readBodyCapped(request, CALLBACK_BODY_MAX_BYTES);
  if (body === null) return text(400, "The body is too large: the activation callback carries four short form fields.");

  const ip = await clientIp();
  return answer(await kit().handshake.receiveCallback(new URLSearchParams(body), ip ? { clientIp: ip } : {}));
}

/** Someone opened the Callback URL in a browser: explain what it is instead of "method not allowed". */
export function GET(): Response {
  const { callbackUrl, identityUrl } = kit().handshake.urls();
  const esc = (s: string) =>
    s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Callback URL · Magento Integration Kit</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:3rem auto;padding:0 1rem;color:#1f2937}code{background:#f3f4f6;padding:.1rem .3rem;border-radius:4px;word-break:break-all}</style></head>
<body><h1>This is the integration's Callback URL</h1>
<p>It works: this address receives the activation from your Magento store. You don't open it in a browser; paste it into the store admin.</p>
<ol><li>In the Magento admin open <strong>System › Extensions › Integrations</strong> and add (or edit) an integration.</li>
<li>Set <strong>Callback URL</strong> to <code>${esc(callbackUrl)}</code></li>
<li>Set <strong>Identity link URL</strong> to <code>${esc(identityUrl)}</code></li>
<li>Click <strong>Save &amp; Activate</strong>, then <strong>Allow</strong>. A popup asks you to sign in to this app.</li></ol>
<p>The store must be able to reach this address within 5 seconds, without redirects.</p>
<p><a href="/">Back to the app</a></p></body></html>`;
  return new Response(html, {
    status: 200,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
