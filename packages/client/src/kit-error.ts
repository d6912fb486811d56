/**
 * The one base of every error the kit throws: each carries a `problem`, a code of the kit's one vocabulary of
 * trouble (packages/client/src/magento/store-advice.ts has the advice for every code), so a caller needs no second step to know
 * what went wrong and what to tell the person.
 *
 * Branded like undici's errors: Next bundles routes, pages and instrumentation separately, each with its own copy
 * of lib/, and a plain `instanceof` is false for an error made by another copy's class. Every instance carries the
 * brands of its class chain under a `Symbol.for` key (one registry per process, shared by every copy), and
 * `instanceof` asks for the class's, so `e instanceof MagentoApiError` holds whichever copy threw it. A brand is the
 * string the class declares (`static override readonly brand`), not its name: a minifier renames classes.
 */
import type { StoreProblem } from "./magento/store-advice.ts";

const BRAND = Symbol.for("magento-integration-kit.error");

interface Branded {
  [BRAND]?: readonly string[];
}

export interface KitErrorInit {
  problem: StoreProblem;
  cause?: unknown;
}

export abstract class KitError extends Error {
  /** The class's stable name across module copies; every subclass declares its own (a test checks). */
  static readonly brand: string = "KitError";
  /** What went wrong, in the kit's one vocabulary (the advice for it: packages/client/src/magento/store-advice.ts adviceFor). */
  readonly problem: StoreProblem;

  constructor(message: string, init: KitErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.problem = init.problem;
    const kinds: string[] = [];
    for (let c: unknown = new.target; typeof c === "function" && c !== Error; c = Object.getPrototypeOf(c)) {
      if (Object.hasOwn(c, "brand")) kinds.push((c as typeof KitError).brand);
    }
    Object.defineProperty(this, BRAND, { value: Object.freeze(kinds), enumerable: false });
    this.name = kinds[0] ?? "KitError";
  }

  /** True for an error of this class (or a subclass) made by any copy of this module. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    // a class without its own brand would answer for its parent's: only its own copy counts then
    if (typeof value !== "object" || value === null || !Object.hasOwn(this, "brand")) return false;
    const kinds = (value as Branded)[BRAND];
    return Array.isArray(kinds) && kinds.includes(this.brand);
  }
}

/** Whether a value is an error of the kit (from any module copy), and so carries a problem. */
export function isKitError(value: unknown): value is KitError {
  return value instanceof KitError;
}
