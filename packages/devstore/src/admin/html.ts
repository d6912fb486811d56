/** HTML helpers and the admin chrome (sidebar, header, messages) shared by the admin pages. */

export function esc(value: unknown): string {
  return String(value ?? "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

export interface FlashMessage {
  type: "success" | "error";
  text: string;
}

const CSS = `
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 "Open Sans","Helvetica Neue",Helvetica,Arial,sans-serif;color:#303030;background:#f5f5f5}
a{color:#006bb4;text-decoration:none}a:hover{text-decoration:underline}
.shell{display:flex;min-height:100vh}
.menu{width:88px;background:#373330;color:#aaa6a0;flex:none}
.menu .logo{display:block;height:64px;background:#373330;border-bottom:1px solid #4a4542;text-align:center;padding-top:14px}
.menu .logo span{display:inline-block;width:34px;height:38px;background:#eb5202;clip-path:polygon(50% 0,100% 25%,100% 75%,82% 86%,82% 36%,50% 18%,18% 36%,18% 86%,0 75%,0 25%)}
.menu a{display:block;color:#aaa6a0;text-align:center;font-size:11px;letter-spacing:.02em;padding:14px 4px;border-bottom:1px solid #4a4542;text-transform:uppercase}
.menu a.active{background:#524d49;color:#f7f3eb;border-left:3px solid #eb5202}
.menu a:hover{text-decoration:none;color:#f7f3eb}
.main{flex:1;min-width:0}
.page-header{background:#fff;padding:22px 30px 18px;display:flex;align-items:center;justify-content:space-between;border-bottom:1px solid #e3e3e3}
.page-header h1{font-size:28px;font-weight:300;margin:0;color:#41362f}
.user{color:#41362f;font-size:13px;display:flex;align-items:center;gap:8px}
.avatar{width:22px;height:22px;border-radius:50%;background:#adadad;display:inline-block}
.actions-bar{background:#fff;padding:14px 30px;display:flex;justify-content:flex-end;gap:10px;border-bottom:1px solid #e3e3e3}
.content{padding:24px 30px}
.btn{display:inline-block;border:1px solid #adadad;background:#e3e3e3;color:#514943;padding:7px 16px;font-size:14px;font-weight:600;cursor:pointer;border-radius:0;font-family:inherit}
.btn:hover{background:#dbdbdb;text-decoration:none}
.btn-primary{background:#ba4000;border-color:#ba4000;color:#fff}.btn-primary:hover{background:#9a3500;border-color:#9a3500}
.btn-back{background:transparent;border:none;color:#514943}
.messages div{padding:12px 18px;margin-bottom:12px;border-left:4px solid}
.msg-success{background:#e5efe5;border-color:#79a22e;color:#303030}
.msg-error{background:#fae5e5;border-color:#e22626;color:#303030}
table.grid{width:100%;border-collapse:collapse;background:#fff}
table.grid th{background:#514943;color:#fff;text-align:left;font-weight:600;padding:10px 12px;border-right:1px solid #8a837f;font-size:13px}
table.grid td{padding:10px 12px;border-bottom:1px solid #e3e3e3;border-right:1px dashed #d6d6d6;vertical-align:top}
table.grid tr:nth-child(even) td{background:#f5f5f5}
.grid-summary{margin-bottom:10px;color:#303030}
.status{display:inline-block;padding:2px 10px;font-size:12px;font-weight:600;border-radius:2px}
.status-active{background:#d0e5a9;color:#185b00}.status-inactive{background:#f9d4d4;color:#b30000}
.link-btn{background:none;border:none;color:#006bb4;cursor:pointer;padding:0;font:inherit}
.link-btn:hover{text-decoration:underline}
.row-actions{white-space:nowrap}.row-actions>*{margin-right:14px}
.empty{text-align:center;color:#666;padding:30px}
fieldset{border:none;background:#fff;margin:0 0 20px;padding:20px 30px 10px}
legend{font-size:20px;font-weight:300;color:#41362f;padding:14px 0 0;float:left;width:100%;margin-bottom:16px;border-bottom:1px solid #e3e3e3}
.field{display:flex;align-items:flex-start;margin-bottom:18px;clear:both}
.field label.label{width:220px;text-align:right;padding:7px 24px 0 0;font-weight:600}
.field .control{flex:1;max-width:560px}
.required label.label:after{content:" *";color:#e22626}
input[type=text],input[type=email],input[type=url],select{width:100%;border:1px solid #adadad;padding:7px 10px;font-size:14px;font-family:inherit}
.note{font-size:12px;color:#666;margin-top:4px}
.field-error{color:#e22626;font-size:12px;margin-top:4px}
.tree ul{list-style:none;margin:0;padding-left:22px}.tree>ul{padding-left:0}
.tree li{margin:3px 0}.tree label{cursor:pointer}
.tree code{color:#666;font-size:11px;margin-left:6px}
.details dt{font-weight:600;margin-top:10px}.details dd{margin:2px 0 0;font-family:Menlo,Consolas,monospace;font-size:13px}
.modal-backdrop{position:fixed;inset:0;background:rgba(51,51,51,.55);display:none;align-items:flex-start;justify-content:center;z-index:10}
.modal-backdrop.open{display:flex}
.modal{background:#fff;width:640px;max-width:92vw;margin-top:8vh;box-shadow:0 0 12px 2px rgba(0,0,0,.35)}
.modal header{padding:22px 30px 10px;display:flex;justify-content:space-between;align-items:center}
.modal header h2{margin:0;font-size:24px;font-weight:300;color:#41362f}
.modal .close{background:none;border:none;font-size:26px;cursor:pointer;color:#8a837f}
.modal .body{padding:10px 30px 20px;max-height:55vh;overflow:auto}
.modal footer{padding:16px 30px;border-top:1px solid #e3e3e3;display:flex;justify-content:flex-end;gap:10px;background:#f8f8f8}
.modal ul.perm{margin:8px 0 0;padding-left:20px}
.spinner{width:28px;height:28px;border:3px solid #e3e3e3;border-top-color:#eb5202;border-radius:50%;animation:spin 1s linear infinite;margin:14px auto}
@keyframes spin{to{transform:rotate(360deg)}}
.tokens input{font-family:Menlo,Consolas,monospace;font-size:13px;background:#f8f8f8}
`;

export function layout(o: {
  title: string;
  body: string;
  actions?: string;
  messages?: FlashMessage[];
  script?: string;
}): string {
  const messages = (o.messages ?? [])
    .map((m) => `<div class="msg-${m.type}" role="alert">${esc(m.text)}</div>`)
    .join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(o.title)} / System / Dev Store Admin</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>${CSS}</style></head>
<body><div class="shell">
<nav class="menu" aria-label="Admin menu"><a class="logo" href="/admin" title="Dev Store Admin"><span></span></a>
<a href="/admin">Dashboard</a><a href="/swagger">Swagger</a><a href="/admin" class="active">System</a></nav>
<div class="main">
<header class="page-header"><h1>${esc(o.title)}</h1><div class="user"><span class="avatar" aria-hidden="true"></span>admin</div></header>
${o.actions ? `<div class="actions-bar">${o.actions}</div>` : ""}
<main class="content"><div class="messages">${messages}</div>${o.body}</main>
</div></div>
${o.script ? `<script>${o.script}</script>` : ""}
</body></html>`;
}
