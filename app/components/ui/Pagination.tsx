import Link from "next/link";

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** URL of a given page (keeps the other filters). */
  hrefFor: (page: number) => string;
  label?: string;
}

/** Page numbers to show: first, last, and a window around the current page; null marks a gap. */
export function pageWindow(page: number, pageCount: number, radius = 2): Array<number | null> {
  const out: Array<number | null> = [];
  let last = 0;
  for (let p = 1; p <= pageCount; p++) {
    if (p === 1 || p === pageCount || Math.abs(p - page) <= radius) {
      if (last && p - last > 1) out.push(null);
      out.push(p);
      last = p;
    }
  }
  return out;
}

export function Pagination({ page, pageSize, total, hrefFor, label = "Pagination" }: PaginationProps) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="pagination" aria-label={label}>
      <p className="pagination__summary" aria-live="polite">
        {total === 0 ? "No results" : `Showing ${first}–${last} of ${total}`} · page {Math.min(page, pageCount)} of{" "}
        {pageCount}
      </p>
      {pageCount > 1 ? (
        <ul>
          <li>
            {page > 1 ? (
              <Link href={hrefFor(page - 1)} rel="prev" prefetch={false}>
                ‹ Previous
              </Link>
            ) : (
              <span className="pagination__item" aria-disabled="true">
                ‹ Previous
              </span>
            )}
          </li>
          {pageWindow(page, pageCount).map((p, i) =>
            p === null ? (
              <li key={`gap-${i}`}>
                <span className="pagination__item" aria-hidden="true">
                  …
                </span>
              </li>
            ) : (
              <li key={p}>
                <Link
                  href={hrefFor(p)}
                  aria-current={p === page ? "page" : undefined}
                  aria-label={`Page ${p}`}
                  prefetch={false}
                >
                  {p}
                </Link>
              </li>
            ),
          )}
          <li>
            {page < pageCount ? (
              <Link href={hrefFor(page + 1)} rel="next" prefetch={false}>
                Next ›
              </Link>
            ) : (
              <span className="pagination__item" aria-disabled="true">
                Next ›
              </span>
            )}
          </li>
        </ul>
      ) : null}
    </nav>
  );
}
