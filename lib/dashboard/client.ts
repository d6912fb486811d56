/**
 * lib/dashboard for the browser: what client components (and the ui primitives they pull in) may import. Nothing
 * here reaches Node APIs, the database or the store client; the full public face is index.ts (server code only).
 */
export { describeStoreState } from "./store-state";
export type { CellTone } from "./grid-spec";
