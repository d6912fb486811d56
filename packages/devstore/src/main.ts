#!/usr/bin/env node
/**
 * `npm run devstore -- [--port 3100] [--host 127.0.0.1] [--profile 2.4.7] [--consumer-expiry 300]
 *  [--integration-as-bearer] [--input-limits] [--index-php] [--products N] [--edition open-source|commerce]
 *  [--state FILE] [--bulk-consumer on|off] [--bulk-rate N] [--msi on|off]`: starts the dev store and prints where to click (and warns when --host binds beyond loopback: the
 *  admin API is unauthenticated). `--state` keeps integrations and tokens in FILE across restarts; a bad FILE exits 2.
 * Environment: DEVSTORE_PORT, DEVSTORE_PROFILE, DEVSTORE_PRODUCTS, DEVSTORE_EDITION, DEVSTORE_MSI.
 */
import { parseArgs } from "node:util";
import { DEFAULT_PROFILE, isProfileName, PROFILE_NAMES, PROFILES } from "./config/profiles.ts";
import { DEFAULT_PRODUCT_COUNT, MAX_PRODUCT_COUNT } from "./data/index.ts";
import { StateFileError } from "./integrations/state-file.ts";
import { startDevStore } from "./server.ts";

/** 127.0.0.0/8, ::1 and localhost reach only this machine. */
function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(host);
}

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    host: { type: "string" },
    profile: { type: "string" },
    "consumer-expiry": { type: "string" },
    "integration-as-bearer": { type: "boolean", default: false },
    "input-limits": { type: "boolean", default: false },
    "index-php": { type: "boolean", default: false },
    products: { type: "string" },
    edition: { type: "string" },
    state: { type: "string" },
    "bulk-consumer": { type: "string" },
    "bulk-rate": { type: "string" },
    msi: { type: "string" },
    help: { type: "boolean", short: "h", default: false },
  },
  strict: true,
});

if (values.help) {
  console.log(`Usage: npm run devstore -- [--port N] [--host ADDRESS] [--profile ${PROFILE_NAMES.join("|")}] [--consumer-expiry SECONDS]
                      [--integration-as-bearer] [--input-limits] [--index-php] [--products N] [--edition open-source|commerce]
                      [--state FILE]   (keep integrations and tokens in FILE across restarts)
                      [--bulk-consumer on|off] [--bulk-rate OPERATIONS_PER_SECOND]   (the async/bulk queue consumer)
                      [--msi on|off]   (MSI's modules; off: /V1/inventory/* answer 404, as a store without MSI)
Environment: DEVSTORE_PORT, DEVSTORE_PROFILE, DEVSTORE_PRODUCTS (catalogue size, default ${DEFAULT_PRODUCT_COUNT}), DEVSTORE_EDITION, DEVSTORE_MSI.`);
  process.exit(0);
}

const profile = values.profile ?? process.env.DEVSTORE_PROFILE ?? DEFAULT_PROFILE;
if (!isProfileName(profile)) {
  console.error(`Unknown profile "${profile}". Choose one of: ${PROFILE_NAMES.join(", ")}`);
  process.exit(2);
}
const port = Number(values.port ?? process.env.DEVSTORE_PORT ?? 3100);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid port "${values.port ?? process.env.DEVSTORE_PORT}"`);
  process.exit(2);
}
const consumerExpirySeconds = values["consumer-expiry"] === undefined ? 300 : Number(values["consumer-expiry"]);
if (!Number.isFinite(consumerExpirySeconds) || consumerExpirySeconds <= 0) {
  console.error("--consumer-expiry must be a positive number of seconds");
  process.exit(2);
}

const productsText = values.products ?? process.env.DEVSTORE_PRODUCTS;
const products = productsText === undefined || productsText === "" ? DEFAULT_PRODUCT_COUNT : Number(productsText);
if (
  !/^\d+$/.test(productsText ?? String(DEFAULT_PRODUCT_COUNT)) ||
  !Number.isInteger(products) ||
  products < 1 ||
  products > MAX_PRODUCT_COUNT
) {
  console.error(
    `--products (or DEVSTORE_PRODUCTS) must be a whole number from 1 to ${MAX_PRODUCT_COUNT}, got "${productsText}"`,
  );
  process.exit(2);
}

const edition = values.edition ?? process.env.DEVSTORE_EDITION ?? "open-source";
if (edition !== "open-source" && edition !== "commerce") {
  console.error(`--edition (or DEVSTORE_EDITION) must be open-source or commerce, got "${edition}"`);
  process.exit(2);
}

const host = values.host ?? "127.0.0.1";
if (!isLoopback(host)) {
  console.warn(
    `Warning: binding to ${host} exposes the dev store beyond this machine; its admin pages and admin JSON API have no authentication.`,
  );
}

const stateFile = values.state;
if (values.state === "") {
  console.error("--state needs a file name, e.g. --state data/devstore-state.json");
  process.exit(2);
}

const bulkConsumer = values["bulk-consumer"] ?? "on";
if (bulkConsumer !== "on" && bulkConsumer !== "off") {
  console.error(`--bulk-consumer must be on or off, got "${bulkConsumer}"`);
  process.exit(2);
}
const bulkRate = values["bulk-rate"] === undefined ? undefined : Number(values["bulk-rate"]);
if (bulkRate !== undefined && !(Number.isFinite(bulkRate) && bulkRate > 0)) {
  console.error("--bulk-rate must be a positive number of operations per second");
  process.exit(2);
}

const msi = values.msi ?? process.env.DEVSTORE_MSI ?? "on";
if (msi !== "on" && msi !== "off") {
  console.error(`--msi (or DEVSTORE_MSI) must be on or off, got "${msi}"`);
  process.exit(2);
}

const store = await startDevStore({
  port,
  host,
  profile,
  consumerExpirySeconds,
  integrationAsBearer: values["integration-as-bearer"],
  inputLimits: values["input-limits"],
  indexPhp: values["index-php"],
  products,
  edition,
  msi: msi === "on",
  stateFile,
  bulkConsumer: {
    running: bulkConsumer === "on",
    ...(bulkRate !== undefined ? { operationsPerSecond: bulkRate } : {}),
  },
}).catch((e: unknown) => {
  if (!(e instanceof StateFileError)) throw e;
  console.error(e.message);
  process.exit(2);
});

const p = PROFILES[profile];
const bearerState = p.integrationBearerWithoutFlag
  ? "on (no flag before 2.4.4)"
  : values["integration-as-bearer"]
    ? "on"
    : "off";
console.log(
  `Dev store (${edition === "commerce" ? "Adobe Commerce" : "Magento Open Source"} ${p.versions}, profile ${profile}, signature family ${p.family}) is running.

  Merchant admin   ${store.url}/admin
  Store base URL   ${store.storeBaseUrl}
  REST             ${store.storeBaseUrl}rest/V1/…
  Swagger          ${store.url}/swagger
  Developer portal ${store.portalUrl}/rest/v1/app/session/token

  Admin user       admin / admin123   (POST ${store.storeBaseUrl}rest/V1/integration/admin/token)
  Customer         roni_cost@example.com / roni_cost3
  Portal app       demo-app-id / demo-app-secret
  Admin JSON API   ${store.url}/admin/api/integrations

Options: consumer expiry ${consumerExpirySeconds} s, integration tokens as Bearer ${bearerState}, ` +
    `input limits ${values["input-limits"] ? "on" : "off"}, bulk consumer ${bulkConsumer}, ${products.toLocaleString("en-US")} products, ` +
    `${stateFile === undefined ? "integrations start from the seed" : `integrations kept in ${stateFile}`}. Ctrl+C stops it.`,
);

const stop = () => {
  void store.close().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
