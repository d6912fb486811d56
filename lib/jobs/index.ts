/** lib/jobs: the durable job engine (the kit's job tables on SQLite and PostgreSQL), the worker and the job kinds' registry. */
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
