/**
 * The seam for "what the store holds now" in the bulk edit preview: a mirror of store records, when the app keeps
 * one, answers a row's current values so the preview can show old → new and flag SKUs the store does not have.
 * Until a mirror is wired in, `noMirror` answers nothing and the preview shows the file's values only.
 */
import type { EditField } from "./product-rows";

export interface MirrorLookup {
  /** Current values of these SKUs in the store (missing SKUs absent from the map), or null when there is no mirror. */
  current(
    installationId: string,
    skus: readonly string[],
  ): Promise<Map<string, Partial<Record<EditField, string>>> | null>;
}

export const noMirror: MirrorLookup = {
  current: async () => null,
};
