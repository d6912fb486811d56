/**
 * A web instance for multi-process tests, without Next: the kit (createKit from the environment, WORKER off)
 * answering the activation callback at /api/integration/callback, exactly the verb the Next route calls. With
 * STORE_BASE_URL_AS set, every callback's store_base_url is replaced by it (a counting proxy in front of the
 * dev store). Prints "READY <url>" when listening on a free 127.0.0.1 port.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getEnv } from "@/lib/env";
import { kitFromEnv } from "@/lib/kit-from-env";

async function main(): Promise<void> {
  const kit = kitFromEnv(getEnv());
  await kit.jobs.queue.start();
  const rewrite = process.env.STORE_BASE_URL_AS;
  const server = createServer((req, res) => {
    if (req.method !== "POST" || req.url !== "/api/integration/callback") {
      res.writeHead(req.url === "/api/health" ? 200 : 404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      if (rewrite) form.set("store_base_url", rewrite);
      kit.handshake.receiveCallback(form).then(
        (r) => res.writeHead(r.status, { "Content-Type": "text/plain" }).end(r.message),
        (e: unknown) => res.writeHead(500).end(String(e)),
      );
    });
  });
  server.listen(0, "127.0.0.1", () => {
    process.stdout.write(`READY http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
  });
  process.on("SIGTERM", () => {
    server.close();
    void kit.close(1_000).then(() => process.exit(0));
  });
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
