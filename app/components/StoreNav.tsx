import Link from "next/link";
import { grids } from "@/lib/dashboard";

/** A section of a store's pages: a grid's key (lib/dashboard/grids.ts) or one of the fixed pages below. */
export type StoreSection = string;

/** The store's sections: the overview, every grid in the order of lib/dashboard/grids.ts, then the fixed pages. */
export const STORE_SECTIONS: ReadonlyArray<{ key: StoreSection; label: string; path: string }> = [
  { key: "overview", label: "Overview", path: "" },
  ...grids.GRIDS.map((g) => ({ key: g.key, label: g.title, path: `/${g.key}` })),
  { key: "categories", label: "Categories", path: "/categories" },
  { key: "explorer", label: "API explorer", path: "/explorer" },
  { key: "export", label: "Export", path: "/export" },
  { key: "events", label: "Events", path: "/events" },
  { key: "sync", label: "Sync", path: "/sync" },
  { key: "jobs", label: "Jobs", path: "/jobs" },
  { key: "diagnostics", label: "Diagnostics", path: "/diagnostics" },
];

/**
 * Section links of one store; the current one carries aria-current="page". Wide screens show them as tabs; narrow
 * ones (CSS decides, globals.css) a menu button naming the current section that opens the same list.
 */
export function StoreNav({ storeId, current }: { storeId: string; current: StoreSection }) {
  const base = `/stores/${encodeURIComponent(storeId)}`;
  const links = (onPhone: boolean) =>
    STORE_SECTIONS.map((s) => (
      <Link
        key={s.key}
        href={`${base}${s.path}`}
        aria-current={s.key === current ? "page" : undefined}
        prefetch={false}
        className={onPhone ? "subnav-menu__link" : undefined}
      >
        {s.label}
      </Link>
    ));
  const currentLabel = STORE_SECTIONS.find((s) => s.key === current)?.label ?? "Sections";
  return (
    <>
      <nav aria-label="Store sections" className="subnav">
        {links(false)}
      </nav>
      <nav aria-label="Store sections" className="subnav-menu">
        <details>
          <summary>
            <span className="visually-hidden">Store section: </span>
            {currentLabel}
            <span className="subnav-menu__count" aria-hidden="true">
              {" "}
              · {STORE_SECTIONS.length} sections
            </span>
          </summary>
          <div className="subnav-menu__list">{links(true)}</div>
        </details>
      </nav>
    </>
  );
}
