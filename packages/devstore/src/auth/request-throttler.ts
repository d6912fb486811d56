/**
 * `Integration\Model\Oauth\Token\RequestThrottler` and its request log: failed token requests per user lock the
 * account (oauth/authentication_lock/max_failures_count = 6, timeout = 1800 s).
 */
export const MAX_FAILURES = 6;
export const LOCK_SECONDS = 1800;

export type ThrottledUserType = "admin" | "customer";

export class RequestThrottler {
  /** `oauth_token_request_log`: one row per user, deleted by a success (Magento's cron purge of expired rows is not run here). */
  private readonly failures = new Map<string, { count: number; lockExpiresAt: number }>();

  constructor(private readonly nowSeconds: () => number) {}

  private key(user: string, type: ThrottledUserType): string {
    return `${type}:${user}`;
  }

  /** `getFailuresCount` only reads a row whose lock has not expired; the count must reach the maximum. */
  isLocked(user: string, type: ThrottledUserType): boolean {
    const f = this.failures.get(this.key(user, type));
    return f !== undefined && f.lockExpiresAt > this.nowSeconds() && f.count >= MAX_FAILURES;
  }

  /**
   * `incrementFailuresCount`: insert-on-duplicate `failures_count + 1` and a fresh lock expiry. An expired row is
   * not reset, so after a lock runs out one more failure locks the account again (Magento keeps the stale count).
   */
  logFailure(user: string, type: ThrottledUserType): void {
    const k = this.key(user, type);
    this.failures.set(k, {
      count: (this.failures.get(k)?.count ?? 0) + 1,
      lockExpiresAt: this.nowSeconds() + LOCK_SECONDS,
    });
  }

  reset(user: string, type: ThrottledUserType): void {
    this.failures.delete(this.key(user, type));
  }

  clear(): void {
    this.failures.clear();
  }
}
