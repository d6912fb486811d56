/** The integrations grid and the New/Edit Integration form (Magento's System › Extensions › Integrations). */
import { ACL_TREE, type AclNode } from "../acl.ts";
import type { IntegrationView } from "../integrations/admin-service.ts";
import { GRID_SCRIPT, FORM_SCRIPT } from "./admin-script.ts";
import { esc, layout, type FlashMessage } from "./html.ts";

export const ADMIN_BASE = "/admin/admin/integration";

const titleOf = new Map<string, string>();
(function index(nodes: AclNode[], trail: string[]) {
  for (const n of nodes) {
    titleOf.set(n.id, [...trail, n.title].join(" › "));
    if (n.children) index(n.children, [...trail, n.title]);
  }
})(ACL_TREE, []);

/** What the permissions dialog lists for an integration. */
export function permissionLabels(resources: "all" | string[]): string[] {
  if (resources === "all") return ["All resources"];
  return resources.map((r) => titleOf.get(r) ?? r);
}

export function renderGrid(integrations: IntegrationView[], messages: FlashMessage[], autoActivate?: number): string {
  const rows = integrations
    .map((i) => {
      const data = esc(JSON.stringify({ id: i.id, name: i.name, permissions: permissionLabels(i.resources) }));
      const activateLabel = i.status === "Active" ? "Reauthorize" : "Activate";
      return `<tr data-id="${i.id}" data-integration="${data}">
<td>${esc(i.name)}</td>
<td>${esc(i.email)}</td>
<td><span class="status status-${i.status.toLowerCase()}">${i.status}</span></td>
<td>${i.resources === "all" ? "All" : `Custom (${i.resources.length})`}</td>
<td class="row-actions">
<button type="button" class="link-btn js-activate" data-reauthorize="${i.status === "Active" ? 1 : 0}">${activateLabel}</button>
<a href="${ADMIN_BASE}/edit/id/${i.id}/">Edit</a>
<form method="post" action="${ADMIN_BASE}/delete/id/${i.id}/" style="display:inline" onsubmit="return confirm('Are you sure you want to delete this integration? You can\\'t undo this action.')"><button class="link-btn" type="submit">Delete</button></form>
</td></tr>`;
    })
    .join("\n");
  const table = `<div class="grid-summary">${integrations.length} records found</div>
<table class="grid" aria-label="Integrations"><thead><tr><th>Name</th><th>Email</th><th>Status</th><th>Resource Access</th><th>Actions</th></tr></thead>
<tbody>${rows || `<tr><td class="empty" colspan="5">We couldn't find any records.</td></tr>`}</tbody></table>
<div class="modal-backdrop" id="permissions-modal" role="dialog" aria-modal="true" aria-labelledby="permissions-title">
<div class="modal"><header><h2 id="permissions-title">Integration</h2><button class="close js-cancel" type="button" aria-label="Close">&times;</button></header>
<div class="body"><p>The integration requests access to:</p><ul class="perm" id="permissions-list"></ul>
<p class="note">Activating grants these permissions to the third-party application. You can reauthorize or delete the integration later.</p></div>
<footer><button class="btn js-cancel" type="button">Cancel</button><button class="btn btn-primary" type="button" id="permissions-allow">Allow</button></footer></div></div>
<div class="modal-backdrop" id="popup-modal" role="dialog" aria-modal="true" aria-labelledby="popup-title">
<div class="modal"><header><h2 id="popup-title">Integration</h2></header>
<div class="body"><p>Please setup or sign in into your 3rd party account to complete setup of this integration.</p><div class="spinner"></div></div></div></div>
<div class="modal-backdrop" id="tokens-modal" role="dialog" aria-modal="true" aria-labelledby="tokens-title">
<div class="modal"><header><h2 id="tokens-title">Integration Tokens for Extensions</h2></header>
<div class="body tokens"><p>The integration is active. Give these four values to the extension:</p>
<div class="field"><label class="label" for="t-ck">Consumer Key</label><div class="control"><input id="t-ck" type="text" readonly></div></div>
<div class="field"><label class="label" for="t-cs">Consumer Secret</label><div class="control"><input id="t-cs" type="text" readonly></div></div>
<div class="field"><label class="label" for="t-at">Access Token</label><div class="control"><input id="t-at" type="text" readonly></div></div>
<div class="field"><label class="label" for="t-ats">Access Token Secret</label><div class="control"><input id="t-ats" type="text" readonly></div></div></div>
<footer><button class="btn btn-primary" type="button" id="tokens-done">Done</button></footer></div></div>`;
  const boot = `window.DEVSTORE_ADMIN=${JSON.stringify({ base: ADMIN_BASE, autoActivate: autoActivate ?? null })};`;
  return layout({
    title: "Integrations",
    actions: `<a class="btn btn-primary" href="${ADMIN_BASE}/new/">Add New Integration</a>`,
    messages,
    body: table,
    script: boot + GRID_SCRIPT,
  });
}

/** The ACL tree as nested checkboxes, each checked only when that resource itself is granted (as stored). */
function treeHtml(nodes: AclNode[], granted: Set<string>): string {
  return `<ul>${nodes
    .map((n) => {
      const checked = granted.has(n.id);
      return `<li><label><input type="checkbox" name="resource[]" value="${esc(n.id)}"${checked ? " checked" : ""}> ${esc(n.title)}</label><code>${esc(n.id)}</code>${
        n.children ? treeHtml(n.children, granted) : ""
      }</li>`;
    })
    .join("")}</ul>`;
}

export interface FormValues {
  id?: number;
  name: string;
  email: string;
  endpoint: string;
  identityLinkUrl: string;
  resources: "all" | string[];
}

export function renderForm(values: FormValues, errors: Record<string, string>, existing?: IntegrationView): string {
  const isNew = values.id === undefined;
  const all = values.resources === "all";
  const granted = new Set(values.resources === "all" ? [] : values.resources);
  const err = (k: string) => (errors[k] ? `<div class="field-error">${esc(errors[k])}</div>` : "");
  const details = existing?.access_token
    ? `<fieldset><legend>Integration Details</legend><dl class="details">
<dt>Consumer Key</dt><dd>${esc(existing.consumer_key)}</dd><dt>Consumer Secret</dt><dd>${esc(existing.consumer_secret)}</dd>
<dt>Access Token</dt><dd>${esc(existing.access_token)}</dd><dt>Access Token Secret</dt><dd>${esc(existing.access_token_secret)}</dd></dl></fieldset>`
    : "";
  const body = `<form method="post" action="${ADMIN_BASE}/save/" id="integration-form">
${isNew ? "" : `<input type="hidden" name="id" value="${values.id}">`}
<fieldset><legend>Integration Info</legend>
<div class="field required"><label class="label" for="name">Name</label><div class="control"><input type="text" id="name" name="name" value="${esc(values.name)}" required>${err("name")}</div></div>
<div class="field"><label class="label" for="email">Email</label><div class="control"><input type="email" id="email" name="email" value="${esc(values.email)}">${err("email")}</div></div>
<div class="field"><label class="label" for="endpoint">Callback URL</label><div class="control"><input type="url" id="endpoint" name="endpoint" value="${esc(values.endpoint)}">
<div class="note">Enter URL where Oauth credentials can be sent when using Oauth for token exchange. We strongly recommend using https://.</div>${err("endpoint")}</div></div>
<div class="field"><label class="label" for="identity_link_url">Identity link URL</label><div class="control"><input type="url" id="identity_link_url" name="identity_link_url" value="${esc(values.identityLinkUrl)}">
<div class="note">URL to redirect user to link their 3rd party account with this Magento integration credentials.</div>${err("identity_link_url")}</div></div>
</fieldset>
<fieldset><legend>API</legend>
<div class="field"><label class="label" for="all_resources">Resource Access</label><div class="control"><select id="all_resources" name="all_resources">
<option value="1"${all ? " selected" : ""}>All</option><option value="0"${all ? "" : " selected"}>Custom</option></select></div></div>
<div class="field" id="resource-tree-field"${all ? " hidden" : ""}><label class="label">Resources</label><div class="control tree" id="resource-tree">${treeHtml(ACL_TREE, granted)}${err("resources")}</div></div>
</fieldset>
${details}
<input type="hidden" name="save_action" id="save_action" value="save">
</form>`;
  return layout({
    title: isNew ? "New Integration" : `Edit "${values.name}" Integration`,
    actions: `<a class="btn btn-back" href="${ADMIN_BASE}/">&larr; Back</a>
<button class="btn" type="submit" form="integration-form" onclick="document.getElementById('save_action').value='save_activate'">Save &amp; Activate</button>
<button class="btn btn-primary" type="submit" form="integration-form" onclick="document.getElementById('save_action').value='save'">Save</button>`,
    body,
    script: FORM_SCRIPT,
  });
}
