/** The store's clock: an injectable base (`now`, ms) plus an offset moved by `POST /admin/api/clock`. */
export interface StoreClock {
  /** Milliseconds since the epoch, offset applied. */
  nowMs(): number;
  /** PHP `time()`: whole seconds. */
  nowSeconds(): number;
  setOffsetSeconds(offset: number): void;
  offsetSeconds(): number;
}

export function createClock(base: () => number = Date.now): StoreClock {
  let offset = 0;
  return {
    nowMs: () => base() + offset * 1000,
    nowSeconds: () => Math.floor((base() + offset * 1000) / 1000),
    setOffsetSeconds: (o) => {
      offset = o;
    },
    offsetSeconds: () => offset,
  };
}
