/**
 * `Integration\Model\Oauth\Token\RequestThrottler`: failed token requests per user lock the account
 * (oauth/authentication_lock/max_failures_count = 6, timeout = 1800 s).
 */
export const MAX_FAILURES = 6;
export const LOCK_SECONDS = 1800;

export type ThrottledUserType = "admin" | "customer";

export class RequestThrottler {
  private readonly failures = new Map<string, { count: number; lockExpiresAt: number }>();

  constructor(private readonly nowSeconds: () => number) {}

  private key(user: string, type: ThrottledUserType): string {
    return `${type}:${user}`;
  }

  /** True when the account is locked (count reached while the lock has not expired). */
  isLocked(user: string, type: ThrottledUserType): boolean {
    const f = this.failures.get(this.key(user, type));
    if (!f) return false;
    if (f.lockExpiresAt <= this.nowSeconds()) {
      this.failures.delete(this.key(user, type));
      return false;
    }
    return f.count >= MAX_FAILURES;
  }

  logFailure(user: string, type: ThrottledUserType): void {
    const k = this.key(user, type);
    const f = this.failures.get(k);
    const now = this.nowSeconds();
    const count = f && f.lockExpiresAt > now ? f.count + 1 : 1;
    this.failures.set(k, { count, lockExpiresAt: now + LOCK_SECONDS });
  }

  reset(user: string, type: ThrottledUserType): void {
    this.failures.delete(this.key(user, type));
  }

  clear(): void {
    this.failures.clear();
  }
}
