/**
 * One SQL statement of the job engine: its name (for errors and traces), its text in the database's dialect, and
 * its values. Statements are built by the named functions of statements.ts and run by an executor (executor.ts);
 * the dialect changes only placeholders and a few spellings, never what a statement means.
 */
export type Dialect = "sqlite" | "postgresql";

export interface Statement {
  readonly name: string;
  readonly text: string;
  readonly values: readonly unknown[];
  /**
   * Planned once per connection (PostgreSQL: a named prepared statement with a generic plan), for a statement whose
   * text is the same on every call and whose planning costs more than its run.
   */
  readonly prepared?: boolean;
}

/** Collects a statement's values and writes their placeholders: `$1, $2…` on PostgreSQL, `?` on SQLite. */
export class Params {
  readonly values: unknown[] = [];
  constructor(readonly dialect: Dialect) {}

  /** A value's placeholder. */
  v(value: unknown): string {
    this.values.push(value);
    return this.dialect === "postgresql" ? `$${this.values.length}` : "?";
  }

  /** A point in time where PostgreSQL cannot tell the type from the column (inside CASE). */
  time(value: Date): string {
    const placeholder = this.v(value);
    return this.dialect === "postgresql" ? `CAST(${placeholder} AS timestamp(3))` : placeholder;
  }

  /** A whole number where PostgreSQL cannot tell the type from the column (inside CASE). */
  int(value: number): string {
    const placeholder = this.v(value);
    return this.dialect === "postgresql" ? `CAST(${placeholder} AS integer)` : placeholder;
  }

  /** A list for `IN (…)`: one placeholder per value (never empty: callers check first). */
  list(values: readonly unknown[]): string {
    if (values.length === 0) throw new Error("an empty IN list");
    return values.map((x) => this.v(x)).join(", ");
  }

  /** The larger of two expressions (GREATEST on PostgreSQL, two-argument MAX on SQLite). */
  greatest(a: string, b: string): string {
    return this.dialect === "postgresql" ? `GREATEST(${a}, ${b})` : `MAX(${a}, ${b})`;
  }

  /** Locks the rows read until the transaction ends (PostgreSQL; SQLite has one writer at a time anyway). */
  get forUpdate(): string {
    return this.dialect === "postgresql" ? "FOR UPDATE" : "";
  }
}

/** Builds a named statement: `build` writes the text, taking its values through `p`. */
export function statement(dialect: Dialect, name: string, build: (p: Params) => string): Statement {
  const p = new Params(dialect);
  const text = build(p);
  return { name, text, values: p.values };
}

/** The statement, planned once per connection (`Statement.prepared`). */
export const prepared = (s: Statement): Statement => ({ ...s, prepared: true });
