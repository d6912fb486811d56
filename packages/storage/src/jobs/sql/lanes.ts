/** Lanes' governor state (pauses, failure streaks) and workers' heartbeats. */
import type { JobQueue } from "../queue.ts";
import type { SqlExecutor } from "./executor.ts";
import { beatRow, streakRow, toLane } from "./rows.ts";
import {
  addLaneFailure,
  clearLaneFailures,
  lanesByName,
  lastWorkerBeat,
  pauseLane,
  workerBeat,
  workerGone,
} from "./statements.ts";

export function laneStore(ex: SqlExecutor): JobQueue["lanes"] {
  const d = ex.dialect;
  const list = async (lanes: readonly string[]) =>
    lanes.length === 0 ? [] : (await ex.query(lanesByName(d, lanes))).map(toLane);
  return {
    list,
    get: async (lane) => (await list([lane]))[0] ?? null,
    async pause(lane, until, reason) {
      await ex.execute(pauseLane(d, lane, until, reason, new Date()));
    },
    async addFailure(lane) {
      return streakRow.parse(await ex.query(addLaneFailure(d, lane, new Date())))[0]!.failStreak;
    },
    async clearFailures(lane) {
      await ex.execute(clearLaneFailures(d, lane));
    },
  };
}

export function workerRegistry(ex: SqlExecutor): JobQueue["workers"] {
  const d = ex.dialect;
  return {
    async beat(w, now) {
      await ex.execute(workerBeat(d, w, now));
    },
    async gone(id) {
      await ex.execute(workerGone(d, id));
    },
    async lastBeat() {
      return beatRow.parse(await ex.query(lastWorkerBeat(d)))[0]?.beatAt ?? null;
    },
  };
}
