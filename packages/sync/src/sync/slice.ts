/**
 * Where a slice of a pass or sweep ends: at a time (the job's lease, less a margin), or earlier, at its next page,
 * once `yieldNow` says so (a sync job giving way to a handshake in its worker, packages/storage/src/jobs/foreground.ts). A slice that
 * ends returns "more"; the next one goes on from the last page written.
 */
export type SliceEnd = Date | { until: Date; yieldNow?: () => boolean };

export function sliceOver(end: SliceEnd, now: Date): boolean {
  if (end instanceof Date) return now >= end;
  return now >= end.until || (end.yieldNow?.() ?? false);
}
