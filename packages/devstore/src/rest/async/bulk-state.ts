/**
 * The dev store's bulk operations: what Magento keeps in `magento_bulk` and `magento_operation`, and the
 * `async.operations.all` consumer that works through them. An accepted request is a bulk of open operations
 * (status 4); the consumer runs each one through the same route handler a synchronous call uses, at a set speed,
 * and can be stopped so that a stall can be produced on purpose (docs/rest-semantics.md#async-and-bulk).
 */
import { createHash, randomUUID } from "node:crypto";
import type { StoreView } from "../../data/index.ts";
import type { Caller } from "../types.ts";

/** magento/magento2 AsynchronousOperations OperationInterface::STATUS_TYPE_*. */
export const OPERATION_STATUS = {
  complete: 1,
  retriablyFailed: 2,
  notRetriablyFailed: 3,
  open: 4,
  rejected: 5,
} as const;
export type OperationStatus = (typeof OPERATION_STATUS)[keyof typeof OPERATION_STATUS];

/** What the consumer runs for one operation: the synchronous route with the element's body and path parameters. */
export interface OperationWork {
  method: string;
  /** The synchronous route's path, e.g. `/V1/products/:sku`. */
  routePath: string;
  params: Record<string, string>;
  body: Record<string, unknown>;
}

export interface BulkOperation {
  /** The element's index in the request (request_items[i].id). */
  id: number;
  status: OperationStatus;
  serializedData: string;
  resultSerializedData: string | null;
  resultMessage: string | null;
  errorCode: number | null;
  work: OperationWork | null;
}

export interface Bulk {
  uuid: string;
  topicName: string;
  description: string;
  /** `YYYY-MM-DD HH:MM:SS` UTC, as Magento answers it. */
  startTime: string;
  startedAtMs: number;
  userType: number;
  userId: number;
  /** Who may read it: Magento answers a bulk only to the user that submitted it. */
  owner: string;
  caller: Caller;
  storeCode: string;
  store: StoreView;
  baseUrl: string;
  operations: BulkOperation[];
}

export type OperationOutcome =
  { ok: true; result: unknown } | { ok: false; retriable: boolean; message: string; errorCode: number | null };

export type OperationRunner = (bulk: Bulk, work: OperationWork) => Promise<OperationOutcome>;

/** Who a caller is for a bulk: user_type (1 integration, 2 admin, 3 customer, 4 guest), user_id, owner key. */
export function bulkUserOf(caller: Caller): { userType: number; userId: number; owner: string } {
  switch (caller.kind) {
    case "integration":
      return { userType: 1, userId: caller.integrationId, owner: `integration:${caller.integrationId}` };
    case "admin":
      return { userType: 2, userId: 1, owner: `admin:${caller.username}` };
    case "customer":
      return { userType: 3, userId: caller.customerId, owner: `customer:${caller.customerId}` };
    default:
      return { userType: 4, userId: 0, owner: "guest" };
  }
}

function mysqlTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace("T", " ");
}

/** Operations per second when nothing else is said: fast enough for tests, slow enough to watch. */
export const DEFAULT_OPERATIONS_PER_SECOND = 2_000;
const TICK_MS = 25;

const LOCK_WAIT_MESSAGE = "SQLSTATE[HY000]: General error: 1205 Lock wait timeout exceeded; try restarting transaction";

export class BulkState {
  private readonly bulks = new Map<string, Bulk>();
  /** Open operations in the order they were accepted (the queue the consumer reads). */
  private queue: Array<{ bulk: Bulk; op: BulkOperation }> = [];
  private timer: NodeJS.Timeout | undefined;
  private budget = 0;
  private busy = false;
  /** The tick's operations being run now (settled once they are recorded). */
  private ticking: Promise<unknown> = Promise.resolve();
  private runner: OperationRunner | undefined;
  running: boolean;
  operationsPerSecond: number;
  /**
   * The next this many operations fail as a lost database lock does (status 2, "failed, retriable": Magento's
   * OperationProcessor marks lock waits, deadlocks and lost connections so), without running.
   */
  failNextRetriably = 0;

  constructor(
    private readonly nowMs: () => number,
    opts: { running?: boolean; operationsPerSecond?: number } = {},
  ) {
    this.running = opts.running ?? true;
    this.operationsPerSecond = opts.operationsPerSecond ?? DEFAULT_OPERATIONS_PER_SECOND;
  }

  /** The REST layer hands over how an operation runs once it is mounted. */
  setRunner(runner: OperationRunner): void {
    this.runner = runner;
  }

  accept(input: {
    caller: Caller;
    storeCode: string;
    store: StoreView;
    baseUrl: string;
    topicName: string;
    elements: Array<{ work: OperationWork | null; raw: unknown; rejection?: string }>;
  }): Bulk {
    const now = this.nowMs();
    const user = bulkUserOf(input.caller);
    const bulk: Bulk = {
      uuid: randomUUID(),
      topicName: input.topicName,
      description: `Topic ${input.topicName}`,
      startTime: mysqlTime(now),
      startedAtMs: now,
      ...user,
      caller: input.caller,
      storeCode: input.storeCode,
      store: input.store,
      baseUrl: input.baseUrl,
      operations: input.elements.map((e, id) => ({
        id,
        status: e.rejection === undefined ? OPERATION_STATUS.open : OPERATION_STATUS.rejected,
        serializedData: JSON.stringify({ entity_id: null, entity_link: "", meta_information: JSON.stringify(e.raw) }),
        resultSerializedData: null,
        resultMessage: e.rejection ?? null,
        errorCode: null,
        work: e.work,
      })),
    };
    this.bulks.set(bulk.uuid, bulk);
    for (const op of bulk.operations) if (op.status === OPERATION_STATUS.open) this.queue.push({ bulk, op });
    return bulk;
  }

  /** sha256 of the operation's message, as request_items[].data_hash carries it. */
  static dataHash(op: BulkOperation): string {
    return createHash("sha256").update(op.serializedData).digest("hex");
  }

  get(uuid: string): Bulk | undefined {
    return this.bulks.get(uuid);
  }

  all(): Bulk[] {
    return [...this.bulks.values()];
  }

  openCount(): number {
    return this.queue.length;
  }

  clear(): void {
    this.bulks.clear();
    this.queue = [];
  }

  /** Runs up to `max` open operations now (the timer calls it; tests may too). Returns how many ran. */
  async consume(max: number, whileRunning = false): Promise<number> {
    const runner = this.runner;
    if (!runner) return 0;
    let done = 0;
    while (done < max && this.queue.length > 0 && (!whileRunning || this.running)) {
      const { bulk, op } = this.queue.shift()!;
      if (op.status !== OPERATION_STATUS.open || !op.work) continue;
      const outcome: OperationOutcome =
        this.failNextRetriably > 0 && this.failNextRetriably--
          ? { ok: false, retriable: true, message: LOCK_WAIT_MESSAGE, errorCode: 0 }
          : await runner(bulk, op.work);
      if (outcome.ok) {
        op.status = OPERATION_STATUS.complete;
        op.resultSerializedData = JSON.stringify(outcome.result ?? null);
      } else {
        op.status = outcome.retriable ? OPERATION_STATUS.retriablyFailed : OPERATION_STATUS.notRetriablyFailed;
        op.resultMessage = outcome.message;
        op.errorCode = outcome.errorCode;
      }
      done++;
    }
    return done;
  }

  /** Starts the consumer's clock: every tick it runs the operations its speed allows (while running). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /**
   * Turns the consumer on or off. Off resolves once an operation it was running is recorded: after that, every
   * operation still open stays open (an operation finishing after the answer would contradict it).
   */
  async setRunning(running: boolean): Promise<void> {
    this.running = running;
    if (!running) await this.ticking.catch(() => undefined);
  }

  private async tick(): Promise<void> {
    if (this.busy) return;
    if (!this.running || this.queue.length === 0) {
      this.budget = 0;
      return;
    }
    this.budget = Math.min(
      this.budget + (this.operationsPerSecond * TICK_MS) / 1000,
      Math.max(1, this.operationsPerSecond),
    );
    const n = Math.floor(this.budget);
    if (n < 1) return;
    this.busy = true;
    const run = this.consume(n, true);
    this.ticking = run;
    try {
      this.budget -= await run;
    } finally {
      this.busy = false;
    }
  }
}
