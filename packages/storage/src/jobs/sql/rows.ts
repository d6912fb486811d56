/**
 * Rows of the job tables as the queue returns them, checked on the way in (zod). Both drivers' spellings are
 * accepted: counts and integers as numbers, bigints or text, booleans as 0/1 on SQLite, dates as Date or text.
 */
import { z } from "zod";
import { JOB_STATES, type Job, type LaneState, type LeasedJob } from "../queue.ts";
import type { SqlRow } from "./executor.ts";

const int = z.coerce.number().int();
const date = z.coerce.date();
const flag = z.union([z.boolean(), z.number(), z.bigint()]).transform(Boolean);

export const jobRow = z.object({
  id: z.string(),
  kind: z.string(),
  data: z.string(),
  state: z.enum(JOB_STATES),
  lane: z.string(),
  key: z.string().nullable(),
  ref: z.string().nullable(),
  tag: int,
  retryCount: int,
  retryLimit: int,
  retryDelaySeconds: int,
  retryBackoff: flag,
  startAfter: date,
  startedAt: date.nullable(),
  leaseSeconds: int,
  leaseUntil: date.nullable(),
  createdAt: date,
  completedAt: date.nullable(),
  output: z.string().nullable(),
  urgent: flag,
});
export type JobRow = z.infer<typeof jobRow>;

/** Stored JSON (a value a future version wrote as plain text stays text). */
function json(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function toJob(raw: SqlRow): Job {
  const r = jobRow.parse(raw);
  return {
    id: r.id,
    kind: r.kind,
    data: json(r.data),
    state: r.state,
    lane: r.lane,
    key: r.key,
    ref: r.ref,
    retryCount: r.retryCount,
    retryLimit: r.retryLimit,
    startAfter: r.startAfter,
    startedAt: r.startedAt,
    createdAt: r.createdAt,
    completedAt: r.completedAt,
    output: json(r.output),
  };
}

export function toLeased(raw: SqlRow): LeasedJob {
  const job = toJob(raw);
  const { leaseSeconds } = jobRow.pick({ leaseSeconds: true }).parse(raw);
  if (job.state !== "active" || !job.startedAt) throw new Error(`job ${job.id} is not active`);
  return { ...job, state: "active", startedAt: job.startedAt, lease: job.startedAt, leaseSeconds };
}

const laneRow = z.object({
  lane: z.string(),
  pausedUntil: date.nullable(),
  failStreak: int,
  reason: z.string().nullable(),
});
export const toLane = (raw: SqlRow): LaneState => laneRow.parse(raw);

export const pickedRow = z.array(z.object({ id: z.string(), leaseSeconds: int })).max(1);
export const tagRow = z.array(z.object({ lastTag: int })).length(1);
export const streakRow = z.array(z.object({ failStreak: int })).length(1);
export const beatRow = z.array(z.object({ beatAt: date })).max(1);
export const keyRows = z.array(z.object({ key: z.string() }));
export const countRows = z.array(z.object({ kind: z.string(), state: z.enum(JOB_STATES), count: int }));
