/** lib/exports: exports of products, orders and customers as NDJSON (run as jobs); the app imports it from here. */
export { ENTITIES, ENTITY_NAMES, entityChoices } from "./options";
