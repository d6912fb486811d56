import Link from "next/link";
import type { ReactNode } from "react";

export type SortState = "ascending" | "descending" | "none";

export interface TableColumn {
  key: string;
  label: ReactNode;
  /** When present, the header is a link that sorts by this column. */
  sortHref?: string;
  sort?: SortState;
  numeric?: boolean;
}

export interface TableProps {
  caption: ReactNode;
  captionNote?: ReactNode;
  columns: readonly TableColumn[];
  children: ReactNode;
  id?: string;
  /**
   * On phones, each row becomes a short block: its first cell on top, the others as "label value" lines below
   * (cells carry data-label). For grids whose columns would otherwise scroll out of sight.
   */
  condensed?: boolean;
}

function indicator(sort: SortState | undefined): string {
  if (sort === "ascending") return "▲";
  if (sort === "descending") return "▼";
  return "↕";
}

function sortLabel(sort: SortState | undefined): string {
  if (sort === "ascending") return "sorted ascending, activate to sort descending";
  if (sort === "descending") return "sorted descending, activate to sort ascending";
  return "activate to sort ascending";
}

/** A data table with a caption, column headers (scope=col) and aria-sort on the sorted column. */
export function Table({ caption, captionNote, columns, children, id: givenId, condensed }: TableProps) {
  // a scrollable region needs a name and keyboard focus (axe): every table gets an id, from its caption if need be
  const id =
    givenId ??
    (typeof caption === "string"
      ? `table-${caption
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/^-|-$/g, "")}`
      : undefined);
  return (
    <div
      className="table-wrap"
      role="region"
      aria-labelledby={id ? `${id}-caption` : undefined}
      tabIndex={id ? 0 : undefined}
    >
      <table className={condensed ? "table table--condensed" : "table"} id={id}>
        <caption id={id ? `${id}-caption` : undefined}>
          {caption}
          {captionNote ? <span className="table__caption-note">{captionNote}</span> : null}
        </caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={c.numeric ? "num" : undefined}
                aria-sort={c.sortHref ? (c.sort ?? "none") : undefined}
              >
                {c.sortHref ? (
                  <Link href={c.sortHref} className="sort-link" prefetch={false}>
                    {c.label}
                    <span className="sort-indicator" aria-hidden="true">
                      {indicator(c.sort)}
                    </span>
                    <span className="visually-hidden">, {sortLabel(c.sort)}</span>
                  </Link>
                ) : (
                  c.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
