/**
 * What a list route searches, and how its storage treats a field it does not have. Magento's collections differ:
 * - EAV entities (products, categories, customers) resolve a filter field to an attribute and refuse an unknown one
 *   with 400 `The "%1" attribute name is invalid. Reset the name and try again.` (magento/magento2
 *   app/code/Magento/Eav/Model/Entity/Collection/AbstractCollection.php, `_addAttributeJoin` /
 *   `_getAttributeFieldName`); an unknown sort attribute is skipped (`addAttributeToSort` finds no attribute).
 * - Flat tables (orders, invoices, CMS, tax, rules, …) put the name into SQL: MySQL fails with "Unknown column" and
 *   the Web API answers its masked 500 (Webapi/Controller/Rest ErrorProcessor), for filters and sort orders alike.
 * An app whose typo passes against the dev store would fail against a real store, so the dev store fails too.
 */
import type { StoreData } from "../data/index.ts";
import { badRequest } from "./errors.ts";
import type { FieldReader, SearchCriteria } from "./search-criteria.ts";

export interface SearchableEntity<T> {
  /** Cache key of the rows (one per collection). */
  name: string;
  storage: "eav" | "flat";
  /** The table Magento reads (named in the dev store's log when a flat search fails). */
  table: string;
  rows: (data: StoreData) => Iterable<T>;
  /** The fields (attribute codes or columns) the store can filter and sort on. */
  fields: (data: StoreData) => ReadonlySet<string>;
  read: FieldReader<T>;
}

/** A failure Magento's database would raise: rendered as the masked 500, the reason goes to the dev store's log. */
export class StorageError extends Error {}

/**
 * Checks the criteria's field names against the entity; answers the criteria to run (EAV drops unknown sort
 * attributes; the echo in `search_criteria` keeps what the client sent).
 */
export function checkFields<T>(entity: SearchableEntity<T>, data: StoreData, criteria: SearchCriteria): SearchCriteria {
  const known = entity.fields(data);
  for (const group of criteria.filter_groups) {
    for (const f of group.filters) {
      if (known.has(f.field)) continue;
      if (entity.storage === "eav")
        throw badRequest('The "%1" attribute name is invalid. Reset the name and try again.', [f.field]);
      throw new StorageError(
        `SQLSTATE[42S22]: Column not found: 1054 Unknown column '${f.field}' in 'where clause' (table ${entity.table})`,
      );
    }
  }
  const sorts = criteria.sort_orders ?? [];
  const unknownSort = sorts.find((s) => !known.has(s.field));
  if (!unknownSort) return criteria;
  if (entity.storage === "flat") {
    throw new StorageError(
      `SQLSTATE[42S22]: Column not found: 1054 Unknown column '${unknownSort.field}' in 'order clause' (table ${entity.table})`,
    );
  }
  return { ...criteria, sort_orders: sorts.filter((s) => known.has(s.field)) };
}

/** A flat table's columns: the record's scalar fields plus columns the API does not render. */
export function columns(...names: readonly (readonly string[])[]): ReadonlySet<string> {
  return new Set(names.flat());
}
