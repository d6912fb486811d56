/**
 * No secret reaches the operator's telemetry: during a full handshake (callback, request token, access token) and
 * a signed REST call, every log line (at trace level), the whole metrics page (per-store labels on) and every span
 * (tracing on, all attributes, events and status) is searched for each secret's bytes: the consumer secret, the
 * verifier, the request token and its secret, the access token and its secret, the session secret and the
 * encryption key. An attribute or a log field that carried one would fail here.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { Writable } from "node:stream";
import { InMemorySpanExporter } from "@opentelemetry/sdk-trace-base";
import { startHarness, type Harness } from "../helpers/handshake-harness";
import { createLogger } from "@/lib/log";
import { metrics, startTracing, stopTracing, watchStoreCalls } from "@magento-integration/storage/ops";

const lines: string[] = [];
const exporter = new InMemorySpanExporter();
let h: Harness;

beforeAll(async () => {
  await startTracing({ serviceName: "no-secret-test", exporter, env: {} });
  watchStoreCalls({ perStore: true });
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      done();
    },
  });
  h = await startHarness({ provider: "sqlite", kit: { log: createLogger({ level: "trace", destination }) } });
});

afterAll(async () => {
  await h?.close();
  await stopTracing();
});

it("keeps every secret of a handshake and a signed call out of logs, metrics and spans", async () => {
  const integration = await h.createIntegration("Telemetry");
  await h.activate(integration.id);
  const outcomes = await h.settle();
  expect(outcomes).toContainEqual(expect.objectContaining({ kind: "succeeded" }));
  const client = await h.clientFor(integration.consumer_key);
  const signed = await client.request({ method: "GET", path: "/V1/store/storeConfigs" });
  expect(signed.status).toBe(200);

  // the secrets of this handshake, as the store and the app hold them
  const callback = new URLSearchParams(h.bodies.at(-1)!);
  const installation = await h.installation(integration.consumer_key);
  const stored = await h.db.installation.findUniqueOrThrow({ where: { id: installation.id } });
  const open = (sealed: string | null | undefined) => (sealed ? h.box.open(sealed) : null);
  const secrets: Record<string, string | null> = {
    consumerSecret: callback.get("oauth_consumer_secret"),
    verifier: callback.get("oauth_verifier"),
    accessToken: open(stored.accessTokenEnc),
    accessTokenSecret: open(stored.accessTokenSecretEnc),
    sessionSecret: h.kit.env.sessionSecret,
    encryptionKey: h.kit.env.encryptionKeys[0]!.key.toString("base64"),
  };
  const requestTokens = await h.db.activation.findMany({ where: { installationId: installation.id } });
  for (const a of requestTokens) {
    for (const [k, v] of Object.entries(a))
      if (/requestToken.*Enc$/.test(k) && typeof v === "string") secrets[k] = open(v);
  }
  for (const [name, value] of Object.entries(secrets)) expect(value, `${name} is known to the test`).toBeTruthy();

  await new Promise((r) => setTimeout(r, 50)); // the last log lines and spans are written
  const spans = exporter.getFinishedSpans();
  expect(spans.map((s) => s.name)).toEqual(
    expect.arrayContaining(["activation callback", "job handshake.exchange", "POST store", "GET store"]),
  );
  const telemetry = [
    ...lines.map((l) => ({ where: "log", text: l })),
    ...(await metrics().registry.metrics()).split("\n").map((l) => ({ where: "metrics", text: l })),
    ...spans.map((s) => ({
      where: `span ${s.name}`,
      text: JSON.stringify({
        name: s.name,
        attributes: s.attributes,
        events: s.events,
        status: s.status,
        links: s.links,
        resource: s.resource.attributes,
      }),
    })),
  ];
  expect(lines.some((l) => l.includes('"job ended"'))).toBe(true); // the logs were captured
  for (const [name, value] of Object.entries(secrets)) {
    const bytes = value!;
    const encoded = [bytes, encodeURIComponent(bytes), Buffer.from(bytes).toString("base64")];
    for (const t of telemetry)
      for (const form of encoded)
        expect(t.text.includes(form), `${name} in ${t.where}: ${t.text.slice(0, 200)}`).toBe(false);
  }
});
