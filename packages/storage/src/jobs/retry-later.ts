/**
 * Thrown by a job handler when the work is fine but cannot happen now (the store answered 429 or 503 before
 * processing anything): the job is retried, signed afresh, once the lane's pause (Retry-After, or the rate
 * governor's backoff) is over, without counting as a failure of the job's own logic.
 */
export class RetryLater extends Error {
  override readonly name = "RetryLater";
  constructor(
    message: string,
    /** Earliest retry, epoch ms; the lane's pause may push it later. */
    readonly notBefore?: number,
  ) {
    super(message);
  }
}
