import { isAnonymous, routesFor, type Edition } from "./route.ts";
import { ROUTES } from "./routes/index.ts";
import { buildSchema } from "./schema.ts";

/**
 * The `/swagger` interactive reference (B1 mounts `GET /swagger` → this HTML). As the seed says: it lists
 * only anonymous operations until an admin token is typed into `api_key`; then it fetches the schema with
 * that Bearer token and lists every operation. "Try it out" performs the call and shows the curl command,
 * request URL, response body, code and headers; without a token it says it needs one.
 */
export function swaggerPageHtml(baseUrl: string, storeCode = "default", edition: Edition = "open-source"): string {
  const base = baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`;
  const anonymous = buildSchema(routesFor(ROUTES, edition).filter(isAnonymous), { baseUrl: base, storeCode, edition });
  const boot = JSON.stringify({ base, storeCode, schema: anonymous }).replace(/</g, "\\u003c");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>REST API reference · dev store</title>
<style>
  :root { --ink:#1f2328; --muted:#59636e; --line:#d1d9e0; --bg:#f6f8fa; --accent:#eb5202; }
  * { box-sizing: border-box; }
  body { margin:0; font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif; color:var(--ink); background:#fff; }
  header { background:#373330; color:#fff; padding:14px 28px; display:flex; align-items:center; gap:24px; flex-wrap:wrap; }
  header h1 { font-size:18px; margin:0; font-weight:600; }
  header h1 span { color:#f7a26d; font-weight:400; }
  header form { margin-left:auto; display:flex; gap:8px; align-items:center; }
  header label { font-size:12px; color:#ddd; }
  header input { width:340px; padding:7px 10px; border-radius:4px; border:1px solid #777; font:13px ui-monospace,monospace; }
  button { cursor:pointer; border-radius:4px; border:1px solid var(--line); background:#fff; padding:6px 12px; font:inherit; }
  button.primary { background:var(--accent); border-color:var(--accent); color:#fff; font-weight:600; }
  main { max-width:1100px; margin:0 auto; padding:20px 28px 60px; }
  .info { color:var(--muted); margin:0 0 16px; }
  .notice { padding:10px 14px; border-radius:6px; background:#fff8c5; border:1px solid #e9d36b; margin-bottom:16px; }
  .notice.error { background:#ffebe9; border-color:#ff8182; }
  .tag { margin-top:22px; }
  .tag h2 { font-size:16px; margin:0 0 8px; padding-bottom:6px; border-bottom:1px solid var(--line); font-family:ui-monospace,monospace; }
  details.op { border:1px solid var(--line); border-radius:6px; margin:6px 0; background:var(--bg); }
  details.op[open] { background:#fff; }
  details.op > summary { list-style:none; display:flex; gap:12px; align-items:center; padding:8px 12px; cursor:pointer; }
  details.op > summary::-webkit-details-marker { display:none; }
  .method { min-width:64px; text-align:center; padding:3px 0; border-radius:4px; color:#fff; font-weight:700; font-size:12px; }
  .GET { background:#0969da; } .POST { background:#1a7f37; } .PUT { background:#9a6700; } .DELETE { background:#cf222e; }
  .path { font-family:ui-monospace,monospace; font-weight:600; }
  .summary { color:var(--muted); }
  .acl { margin-left:auto; font-size:12px; color:var(--muted); font-family:ui-monospace,monospace; }
  .body { padding:4px 16px 16px; border-top:1px solid var(--line); }
  table { border-collapse:collapse; width:100%; margin:8px 0; }
  th, td { text-align:left; padding:5px 8px; border-bottom:1px solid #eaeef2; vertical-align:top; }
  th { font-size:12px; color:var(--muted); font-weight:600; }
  td input, td textarea { width:100%; font:12px ui-monospace,monospace; padding:5px; border:1px solid var(--line); border-radius:4px; }
  textarea { min-height:90px; }
  pre { background:#1f2328; color:#e6edf3; padding:10px 12px; border-radius:6px; overflow:auto; max-height:360px; font:12px/1.4 ui-monospace,monospace; white-space:pre-wrap; word-break:break-all; }
  h4 { margin:14px 0 4px; font-size:13px; }
  .code { font-weight:700; font-size:15px; }
  .actions { display:flex; gap:8px; margin-top:8px; }
</style>
</head>
<body>
<header>
  <h1>Magento dev store <span>REST API reference</span></h1>
  <form id="auth">
    <label for="api_key">api_key</label>
    <input id="api_key" name="api_key" placeholder="admin token (POST /rest/V1/integration/admin/token)" autocomplete="off">
    <button class="primary" type="submit">Explore</button>
  </form>
</header>
<main>
  <p class="info">Base URL <code id="base"></code> · schema <code id="schemaUrl"></code> · generated from the dev store's route table.</p>
  <div id="notice" class="notice"></div>
  <div id="ops"></div>
</main>
<script>
const BOOT = ${boot};
let token = "";
const $ = (s, el = document) => el.querySelector(s);
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
const schemaUrl = BOOT.base + "rest/" + BOOT.storeCode + "/schema?services=all";
$("#base").textContent = BOOT.base;
$("#schemaUrl").textContent = schemaUrl;

function notice(text, error) {
  const n = $("#notice");
  n.textContent = text;
  n.className = "notice" + (error ? " error" : "");
}

function exampleBody(op) {
  const p = op.parameters.find((x) => x.in === "body");
  if (!p) return "";
  const out = {};
  for (const [name, prop] of Object.entries(p.schema.properties || {})) out[name] = prop.type === "object" ? {} : prop.type === "integer" ? 0 : prop.type === "boolean" ? false : "";
  return JSON.stringify(out, null, 2);
}

function render(schema) {
  const root = $("#ops");
  root.innerHTML = "";
  const byTag = new Map();
  for (const [path, methods] of Object.entries(schema.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags[0];
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag).push({ path, method: method.toUpperCase(), op });
    }
  }
  for (const [tag, ops] of byTag) {
    const section = document.createElement("section");
    section.className = "tag";
    section.innerHTML = "<h2>" + esc(tag) + "</h2>";
    for (const { path, method, op } of ops) {
      const d = document.createElement("details");
      d.className = "op";
      d.dataset.operationId = op.operationId;
      const params = op.parameters.filter((p) => p.in !== "body");
      const sc = params.some((p) => p.name.startsWith("searchCriteria"));
      const rows = params.filter((p) => p.in === "path" || !p.name.startsWith("searchCriteria")).map((p) =>
        "<tr><td><code>" + esc(p.name) + "</code>" + (p.required ? " *" : "") + "<br><small>" + esc(p.in) + "</small></td><td>" + esc(p.description || "") +
        "</td><td><input data-param=\\"" + esc(p.name) + "\\" data-in=\\"" + esc(p.in) + "\\"></td></tr>").join("");
      const scRow = sc ? "<tr><td><code>searchCriteria</code><br><small>query</small></td><td>Raw query, e.g. <code>searchCriteria[pageSize]=5</code></td><td><input data-raw-query value=\\"searchCriteria[pageSize]=5\\"></td></tr>" : "";
      const bodyRow = op.parameters.some((p) => p.in === "body") ? "<tr><td><code>body</code><br><small>json</small></td><td>Request body</td><td><textarea data-body>" + esc(exampleBody(op)) + "</textarea></td></tr>" : "";
      d.innerHTML =
        "<summary><span class=\\"method " + method + "\\">" + method + "</span><span class=\\"path\\">" + esc(path) + "</span><span class=\\"summary\\">" + esc(op.summary) +
        "</span><span class=\\"acl\\">" + esc(op["x-acl-resource"]) + "</span></summary>" +
        "<div class=\\"body\\"><p><code>" + esc(op.operationId) + "</code></p><table><tr><th>Parameter</th><th>Description</th><th>Value</th></tr>" + rows + scRow + bodyRow + "</table>" +
        "<div class=\\"actions\\"><button class=\\"primary\\" data-try>Try it out</button></div><div data-result></div></div>";
      $("[data-try]", d).addEventListener("click", () => tryIt(d, path, method, op));
      section.appendChild(d);
    }
    root.appendChild(section);
  }
}

async function tryIt(d, path, method, op) {
  const out = $("[data-result]", d);
  if (!token) {
    out.innerHTML = "<div class=\\"notice error\\">Try it out needs a bearer token: type an admin token into <b>api_key</b> and press Explore.</div>";
    return;
  }
  let url = path;
  const query = [];
  for (const input of d.querySelectorAll("[data-param]")) {
    if (input.dataset.in === "path") url = url.replace("{" + input.dataset.param + "}", encodeURIComponent(input.value));
    else if (input.value !== "") query.push(encodeURIComponent(input.dataset.param) + "=" + encodeURIComponent(input.value));
  }
  const raw = $("[data-raw-query]", d);
  if (raw && raw.value) query.push(raw.value);
  const origin = new URL(BOOT.base).origin;
  const full = origin + BOOT.schema.basePath + url + (query.length ? "?" + query.join("&") : "");
  const bodyEl = $("[data-body]", d);
  const body = bodyEl ? bodyEl.value : undefined;
  const headers = { Authorization: "Bearer " + token, Accept: "application/json" };
  if (body) headers["Content-Type"] = "application/json";
  let curl = "curl -X " + method + " \\"" + full + "\\" \\\\\\n  -H \\"Authorization: Bearer " + token + "\\" \\\\\\n  -H \\"Accept: application/json\\"";
  if (body) curl += " \\\\\\n  -H \\"Content-Type: application/json\\" \\\\\\n  -d '" + body.replace(/'/g, "'\\\\''") + "'";
  out.innerHTML = "<h4>Curl</h4><pre data-curl>" + esc(curl) + "</pre><h4>Request URL</h4><pre data-url>" + esc(full) + "</pre><p>Calling…</p>";
  try {
    const res = await fetch(full, { method, headers, body: body || undefined });
    const text = await res.text();
    let pretty = text;
    try { pretty = JSON.stringify(JSON.parse(text), null, 2); } catch {}
    const hdrs = [...res.headers.entries()].map(([k, v]) => k + ": " + v).join("\\n");
    out.innerHTML = "<h4>Curl</h4><pre data-curl>" + esc(curl) + "</pre><h4>Request URL</h4><pre data-url>" + esc(full) + "</pre>" +
      "<h4>Response code</h4><div class=\\"code\\" data-code>" + res.status + "</div>" +
      "<h4>Response body</h4><pre data-response>" + esc(pretty) + "</pre><h4>Response headers</h4><pre data-headers>" + esc(hdrs) + "</pre>";
  } catch (e) {
    out.innerHTML += "<div class=\\"notice error\\">" + esc(e) + "</div>";
  }
}

$("#auth").addEventListener("submit", async (e) => {
  e.preventDefault();
  token = $("#api_key").value.trim();
  if (!token) {
    render(BOOT.schema);
    notice("Showing operations open to anonymous users. Type an admin token into api_key to see all operations.");
    return;
  }
  const res = await fetch(schemaUrl, { headers: { Authorization: "Bearer " + token, Accept: "application/json" } });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) {
    notice("The schema refused this token (" + res.status + "): " + (json.message || "") + " " + JSON.stringify(json.parameters || ""), true);
    return;
  }
  render(json);
  const count = Object.values(json.paths).reduce((n, m) => n + Object.keys(m).length, 0);
  notice("Showing all " + count + " operations this token may access.");
});

render(BOOT.schema);
notice("Showing operations open to anonymous users. Type an admin token into api_key to see all operations.");
</script>
</body>
</html>`;
}
