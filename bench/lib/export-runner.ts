/**
 * The exporter as its own process, for bench/export.bench.ts: exportRows (scripts/export.ts) against the store
 * named in EXPORT_RUN (JSON: store base URL, tokens, export options), NDJSON on stdout. When done it reports on
 * stderr, as one JSON line: rows, milliseconds, RSS after every page written, and the process's peak RSS.
 */
import { createMagentoClient } from "@/lib/magento";
import { exportRows, type ExportOptions } from "../../scripts/export";

interface Run {
  storeBaseUrl: string;
  tokens: { consumer_key: string; consumer_secret: string; access_token: string; access_token_secret: string };
  options: ExportOptions;
  passes: number;
}

async function main(): Promise<void> {
  const run = JSON.parse(process.env.EXPORT_RUN ?? "") as Run;
  const t = run.tokens;
  const client = createMagentoClient({
    baseUrl: run.storeBaseUrl,
    auth: { kind: "oauth", consumerKey: t.consumer_key, consumerSecret: t.consumer_secret, accessToken: t.access_token, accessTokenSecret: t.access_token_secret },
  });
  for (let pass = 0; pass < run.passes; pass++) {
    const samples: Array<[number, number]> = [];
    const started = performance.now();
    const rows = await exportRows(client, run.options, process.stdout, {
      start() {},
      update(n) {
        samples.push([n, process.memoryUsage.rss()]);
      },
      done() {},
    });
    const ms = performance.now() - started;
    process.stderr.write(`${JSON.stringify({ pass, rows, ms, samples, maxRss: process.resourceUsage().maxRSS * 1024 })}\n`);
  }
  await client.close();
}

main().catch((e: unknown) => {
  process.stderr.write(`${JSON.stringify({ error: String((e as Error).stack ?? e) })}\n`);
  process.exitCode = 1;
});
