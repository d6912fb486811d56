/** lib/jobs: the durable job queue (pg-boss on PostgreSQL, a job table on SQLite), the worker and its job kinds. */
export { JOB_STATES, type Job, type JobListFilter, type JobQueue, type JobState, type LaneState } from "./queue";
export { openJobQueue } from "./open-queue";
export {
  defineJob,
  InvalidJobData,
  startWorker,
  type JobContext,
  type JobDefinition,
  type JobKind,
  type Worker,
  type WorkerOptions,
} from "./worker";
export { eventLoopBusy } from "./event-loop";
