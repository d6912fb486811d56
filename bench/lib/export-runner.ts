/**
 * The exporter as its own process, for bench/export.bench.ts: exportRows (scripts/export.ts) against the store
 * named in EXPORT_RUN (JSON: store base URL, tokens, export options), NDJSON on stdout (a file, as with
 * `npm run export > file.ndjson`; the bench points it at /dev/null). One export per "run" line
 * on stdin (so the bench can interleave them with its own passes); after each it reports on stderr, as one JSON
 * line: rows, milliseconds, its own CPU time, RSS after every tenth page written, and its peak RSS so far.
 */
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { createMagentoClient } from "@magento-integration/client";
import { exportRows, type ExportOptions } from "../../scripts/export";

interface Run {
  storeBaseUrl: string;
  tokens: { consumer_key: string; consumer_secret: string; access_token: string; access_token_secret: string };
  options: ExportOptions;
}

async function main(): Promise<void> {
  const run = JSON.parse(process.env.EXPORT_RUN ?? "") as Run;
  const t = run.tokens;
  const client = createMagentoClient({
    baseUrl: run.storeBaseUrl,
    auth: {
      kind: "oauth",
      consumerKey: t.consumer_key,
      consumerSecret: t.consumer_secret,
      accessToken: t.access_token,
      accessTokenSecret: t.access_token_secret,
    },
  });
  let pass = 0;
  for await (const line of createInterface({ input: process.stdin })) {
    if (line !== "run") break;
    const samples: Array<[number, number]> = [];
    let pages = 0;
    let bytes = 0;
    const out = new Writable({
      write(chunk: Buffer, _enc, cb) {
        bytes += chunk.length;
        process.stdout.write(chunk, cb);
      },
    });
    const cpu0 = process.cpuUsage();
    const started = performance.now();
    const rows = await exportRows(client, run.options, out, {
      start() {},
      update(n) {
        if (pages++ % 10 === 0) samples.push([n, process.memoryUsage.rss()]);
      },
      done() {},
    });
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpu0);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    process.stderr.write(
      `${JSON.stringify({ pass: pass++, rows, ms, cpuMs, bytes, samples, maxRss: process.resourceUsage().maxRSS * 1024 })}\n`,
    );
  }
  await client.close();
}

main().catch((e: unknown) => {
  process.stderr.write(`${JSON.stringify({ error: String((e as Error).stack ?? e) })}\n`);
  process.exitCode = 1;
});
