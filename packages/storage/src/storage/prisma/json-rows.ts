/**
 * Many rows in ONE bound parameter: a JSON array that the database itself expands into rows (SQLite `json_each`,
 * PostgreSQL `json_to_recordset`). A statement then costs the same whatever its row count: no per-row parameters
 * for Prisma to bind (a 300-row page: 17 ms, against 80 ms as a multi-row VALUES list chunked under SQLite's 999
 * parameters, and 255 ms through `createMany`), and no limit on parameters to chunk under.
 * Column names and types are the caller's constants, never input.
 */
import type { DatabaseProvider } from "../../db.ts";
import { Prisma } from "../../generated/prisma/client.ts";

export type JsonColumnType = "text" | "integer" | "boolean";

export interface JsonRows {
  /** The columns, in the order given: `"a", "b"` (a SELECT list). */
  columns: Prisma.Sql;
  /** The row source: `FROM <this>`. */
  source: Prisma.Sql;
}

const quoted = (name: string) => {
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name)) throw new Error(`not a column name: ${name}`);
  return `"${name}"`;
};

/** `SELECT ${columns} FROM ${source}` yields one row per element of `rows` (objects keyed by column name). */
export function jsonRows(
  provider: DatabaseProvider,
  rows: readonly object[],
  columns: ReadonlyArray<readonly [name: string, type: JsonColumnType]>,
): JsonRows {
  const text = JSON.stringify(rows);
  if (provider === "sqlite") {
    // json_extract answers true/false as 1/0: how SQLite stores booleans
    return {
      columns: Prisma.raw(columns.map(([n]) => `json_extract("value", '$.${n}') AS ${quoted(n)}`).join(", ")),
      source: Prisma.sql`json_each(${text})`,
    };
  }
  const types = columns.map(([n, t]) => `${quoted(n)} ${t}`).join(", ");
  return {
    columns: Prisma.raw(columns.map(([n]) => `"rows".${quoted(n)}`).join(", ")),
    source: Prisma.sql`json_to_recordset(CAST(${text} AS json)) AS "rows"(${Prisma.raw(types)})`,
  };
}

/** `IN (${this})`: the texts as a one-column row source, in one parameter. */
export function jsonTexts(provider: DatabaseProvider, texts: readonly string[]): Prisma.Sql {
  const text = JSON.stringify(texts);
  return provider === "sqlite"
    ? Prisma.sql`SELECT "value" FROM json_each(${text})`
    : Prisma.sql`SELECT json_array_elements_text(CAST(${text} AS json))`;
}

/** A timestamp parameter in a SELECT list (PostgreSQL would take an untyped one for text). */
export const timestamp = (provider: DatabaseProvider, at: Date): Prisma.Sql =>
  provider === "sqlite" ? Prisma.sql`${at}` : Prisma.sql`CAST(${at} AS timestamp(3))`;
