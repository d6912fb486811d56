/**
 * A seeded pseudo-random source (mulberry32) so the seed data is the same on every run: tests compare the
 * dev store's answers with the data itself, and screenshots stay stable.
 */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(list: readonly T[]): T {
    const item = list[Math.floor(this.next() * list.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }

  /** `n` distinct items, in list order. */
  some<T>(list: readonly T[], n: number): T[] {
    const chosen = new Set<number>();
    while (chosen.size < Math.min(n, list.length)) chosen.add(this.int(0, list.length - 1));
    return [...chosen].sort((a, b) => a - b).map((i) => list[i] as T);
  }
}

/** Magento's datetime text (UTC): `YYYY-MM-DD hh:mm:ss`. */
export function datetime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace("T", " ");
}

export const round2 = (n: number): number => Math.round(n * 100) / 100;
