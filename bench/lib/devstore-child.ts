/**
 * Starts the dev store in its own process (so a benchmark's RSS and CPU figures are the client's alone) and
 * activates an integration in it. Stopped by the caller (`stop()`), which kills only this child.
 */
import { spawn } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface StoreChild {
  url: string;
  storeBaseUrl: string;
  /** The store's own process (tsx runs it in a child of the one spawned here). */
  pid: number;
  tokens: { consumer_key: string; consumer_secret: string; access_token: string; access_token_secret: string };
  stop: () => void;
}

export async function startStoreChild(opts: { products?: number; bulkRate?: number } = {}): Promise<StoreChild> {
  const server = join(process.cwd(), "devstore", "src", "server.ts");
  const { line, stop } = await runScript(
    "devstore-bench",
    `import { startDevStore } from ${JSON.stringify(server)};\n` +
      `const s = await startDevStore({ port: 0, host: "127.0.0.1"${opts.products ? `, products: ${opts.products}` : ""}${opts.bulkRate ? `, bulkConsumer: { operationsPerSecond: ${opts.bulkRate} }` : ""} });\n` +
      `console.log(JSON.stringify({ url: s.url, storeBaseUrl: s.storeBaseUrl, pid: process.pid }));\n`,
  );
  try {
    const { url, storeBaseUrl, pid } = JSON.parse(line) as { url: string; storeBaseUrl: string; pid: number };
    const post = async (path: string, body: unknown = {}) =>
      (await (
        await fetch(`${url}/admin/api${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        })
      ).json()) as Record<string, unknown>;
    const created = await post("/integrations", { name: "bench", resources: "all" });
    const tokens = (await post(`/integrations/${created.id}/activate`)).tokens as StoreChild["tokens"];
    return { url, storeBaseUrl, pid, tokens, stop };
  } catch (e) {
    stop();
    throw e;
  }
}

/** CPU time (user + system, ms) of a process by pid, from /proc (Linux). */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime
  return (ticks * 1000) / 100; // USER_HZ = 100 on Linux
}

export interface StoreFleet {
  stores: Array<Omit<StoreChild, "stop" | "pid">>;
  pid: number;
  stop: () => void;
}

/**
 * Starts `stores` dev stores (each on its own port, so each is a store of its own to the kit's lanes) in one
 * process of their own, each with an activated integration; small catalogues keep the fleet's memory modest.
 */
export async function startStoreFleet(opts: { stores: number; products: number }): Promise<StoreFleet> {
  const server = join(process.cwd(), "devstore", "src", "server.ts");
  const { line, stop } = await runScript(
    "devstore-fleet",
    `import { startDevStore } from ${JSON.stringify(server)};\n` +
      `const out = [];\n` +
      `for (let i = 0; i < ${opts.stores}; i++) {\n` +
      `  const s = await startDevStore({ port: 0, host: "127.0.0.1", products: ${opts.products} });\n` +
      `  const post = async (path, body = {}) => (await fetch(s.url + "/admin/api" + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json();\n` +
      `  const created = await post("/integrations", { name: "fleet", resources: "all" });\n` +
      `  const tokens = (await post("/integrations/" + created.id + "/activate")).tokens;\n` +
      `  out.push({ url: s.url, storeBaseUrl: s.storeBaseUrl, tokens });\n` +
      `}\n` +
      `console.log(JSON.stringify({ pid: process.pid, stores: out }));\n`,
  );
  const parsed = JSON.parse(line) as { pid: number; stores: StoreFleet["stores"] };
  return { ...parsed, stop };
}

/** Runs `source` (an ES module) with tsx in a process of its own; resolves with the first line it prints. */
async function runScript(name: string, source: string): Promise<{ line: string; stop: () => void }> {
  const file = join(tmpdir(), `${name}-${process.pid}-${Date.now()}.mts`);
  writeFileSync(file, source);
  const child = spawn(join(process.cwd(), "node_modules", ".bin", "tsx"), [file], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const stop = () => {
    child.kill("SIGTERM");
    rmSync(file, { force: true });
  };
  try {
    const line = await new Promise<string>((resolve, reject) => {
      let buf = "";
      child.stdout!.on("data", (d: Buffer) => {
        buf += d.toString();
        const nl = buf.indexOf("\n");
        if (nl >= 0) resolve(buf.slice(0, nl));
      });
      child.once("exit", (code) => reject(new Error(`${name} exited ${code}`)));
    });
    return { line, stop };
  } catch (e) {
    stop();
    throw e;
  }
}
