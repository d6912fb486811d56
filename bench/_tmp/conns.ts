import { createServer } from "node:http";
import { createMagentoClient } from "@/lib/magento";
async function main() {
  let conns = 0;
  const server = createServer((req, res) => { req.resume(); req.on("end", () => { res.writeHead(200, { "content-type": "application/json", "content-length": 2 }); res.end("{}"); }); });
  server.on("connection", (s) => { conns++; console.log("connection", conns, new Error().stack?.split("\n").length); });
  server.keepAliveTimeout = 60000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  const client = createMagentoClient({ baseUrl: `http://127.0.0.1:${port}/`, auth: { kind: "none" } });
  for (let i = 0; i < 5; i++) { await client.request({ method: "GET", path: `/V1/products/SKU-${i}` }); console.log("req", i, "conns", conns); }
  await client.close(); server.close();
}
void main();
