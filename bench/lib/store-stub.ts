/**
 * A minimal signed store for the client benchmark, run in its own process (fork with IPC): node:http on
 * 127.0.0.1:0 with keep-alive, every request's OAuth signature verified (packages/client/src/oauth's base string, HMAC-SHA256,
 * the standard family), a repeated nonce refused, 401 with Magento's message otherwise.
 * GET /rest/V1/products/{sku} → a ~2 KB product; GET /rest/V1/products?searchCriteria… → a list of 5.
 * IPC: {type:"reset"} → {type:"reset-ok"}; {type:"stats"} → {type:"stats", connections, ok, unauthorized, cpuMs}.
 */
import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import { buildBaseString } from "@magento-integration/client/oauth";
import { BENCH_CREDENTIALS as C } from "./bench-credentials";

const KEY = `${C.consumerSecret}&${C.accessTokenSecret}`; // both are unreserved ASCII: encoding changes nothing

const product = (sku: string, id: number) => ({
  id,
  sku,
  name: `Driven Backpack ${sku}`,
  attribute_set_id: 15,
  price: 36,
  status: 1,
  visibility: 4,
  type_id: "simple",
  created_at: "2024-10-25 09:14:05",
  updated_at: "2024-11-02 17:40:51",
  weight: 1.2,
  extension_attributes: {
    website_ids: [1],
    category_links: [
      { position: 0, category_id: "3" },
      { position: 1, category_id: "4" },
    ],
    stock_item: {
      item_id: id,
      product_id: id,
      stock_id: 1,
      qty: 100,
      is_in_stock: true,
      min_sale_qty: 1,
      max_sale_qty: 10000,
      manage_stock: true,
    },
  },
  product_links: [],
  options: [],
  media_gallery_entries: [
    {
      id: 3,
      media_type: "image",
      label: "",
      position: 1,
      disabled: false,
      types: ["image", "small_image", "thumbnail"],
      file: "/m/b/mb03-black-0.jpg",
    },
  ],
  tier_prices: [],
  custom_attributes: [
    { attribute_code: "image", value: "/m/b/mb03-black-0.jpg" },
    { attribute_code: "url_key", value: `driven-backpack-${sku.toLowerCase()}` },
    { attribute_code: "tax_class_id", value: "2" },
    { attribute_code: "material", value: "33,37" },
    { attribute_code: "category_ids", value: ["3", "4"] },
    {
      attribute_code: "description",
      value:
        '<p>With earth-friendly recycled fabric and a laptop sleeve that holds up to 15", the Driven Backpack is built for the commute. ' +
        "Padded, adjustable shoulder straps and a breathable mesh back keep it comfortable all day.</p><ul><li>Recycled polyester.</li><li>Laptop sleeve.</li></ul>",
    },
  ],
});

const LIST = Buffer.from(
  JSON.stringify({
    items: Array.from({ length: 5 }, (_, i) => product(`SKU-${i}`, 100 + i)),
    search_criteria: {},
    total_count: 2040,
  }),
);
const UNAUTHORIZED = Buffer.from(JSON.stringify({ message: "The signature is invalid. Verify and try again." }));
const ROUTE = /^\/rest\/V1\/products(?:\/([^/?]+))?$/;

let stats = { connections: 0, ok: 0, unauthorized: 0 };
let cpu0 = process.cpuUsage();
let nonces = new Set<string>();

function verified(method: string, url: string, authorization: string | undefined): boolean {
  if (!authorization?.startsWith("OAuth ")) return false;
  const params: Array<[string, string]> = [];
  let signature = "";
  for (const part of authorization.slice(6).split(",")) {
    const m = /^\s*([a-z_]+)="([^"]*)"\s*$/.exec(part);
    if (!m) return false;
    const value = decodeURIComponent(m[2]!);
    if (m[1] === "oauth_signature") signature = value;
    else params.push([m[1]!, value]);
  }
  const nonce = params.find(([k]) => k === "oauth_nonce")?.[1];
  if (!nonce || nonces.has(nonce)) return false;
  nonces.add(nonce);
  return (
    createHmac("sha256", KEY)
      .update(buildBaseString({ method, url, oauthParams: params }))
      .digest("base64") === signature
  );
}

const server = createServer((req, res) => {
  const q = req.url!.indexOf("?");
  const m = req.method === "GET" ? ROUTE.exec(q < 0 ? req.url! : req.url!.slice(0, q)) : null;
  if (!m) {
    res.writeHead(404, { "content-type": "application/json" }).end('{"message":"Request does not match any route."}');
    return;
  }
  if (!verified(req.method!, `http://${req.headers.host}${req.url}`, req.headers.authorization)) {
    stats.unauthorized++;
    res.writeHead(401, { "content-type": "application/json", "content-length": UNAUTHORIZED.length }).end(UNAUTHORIZED);
    return;
  }
  stats.ok++;
  const body = m[1] ? Buffer.from(JSON.stringify(product(decodeURIComponent(m[1]), 42))) : LIST;
  res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": body.length }).end(body);
});
server.keepAliveTimeout = 120_000;
server.on("connection", () => stats.connections++);

process.on("message", (msg: { type: string }) => {
  if (msg.type === "reset") {
    stats = { connections: 0, ok: 0, unauthorized: 0 };
    nonces = new Set();
    cpu0 = process.cpuUsage();
    process.send!({ type: "reset-ok" });
  } else if (msg.type === "stats") {
    const c = process.cpuUsage(cpu0);
    process.send!({ type: "stats", ...stats, cpuMs: (c.user + c.system) / 1000 });
  }
});
process.on("disconnect", () => process.exit(0));
server.listen(0, "127.0.0.1", () =>
  process.send!({ type: "ready", port: (server.address() as { port: number }).port }),
);
