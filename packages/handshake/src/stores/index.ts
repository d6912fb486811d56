/**
 * packages/handshake/src/stores: operations on a linked store as a whole, outside the handshake: what removing it deletes, its label,
 * and which of the integration's API resources the store grants (a probe per resource).
 */
export { removalPreview, setStoreLabel, storeLabelSchema, type RemovalPreview } from "./removal.ts";
export { checkResources, resourceChecks, RESOURCE_PROBES, type ResourceCheckRow } from "./resource-check.ts";
