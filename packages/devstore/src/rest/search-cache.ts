/**
 * Filtered and sorted rows of a list route, kept between pages: paging through a large catalogue (`--products
 * 100000`, pages of 300) filters and sorts once, then only slices. An entry is valid for one data revision
 * (StoreData.revision, bumped after every write and on reset), so a write is seen by the next read.
 */
export class SearchCache {
  private readonly entries = new Map<string, { revision: number; rows: readonly unknown[] }>();

  constructor(private readonly maxEntries = 16) {}

  rows<T>(key: string, revision: number, compute: () => T[]): readonly T[] {
    const hit = this.entries.get(key);
    if (hit && hit.revision === revision) {
      // Most recently used last (Map keeps insertion order).
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.rows as readonly T[];
    }
    const rows = compute();
    this.entries.delete(key);
    this.entries.set(key, { revision, rows });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return rows;
  }
}
