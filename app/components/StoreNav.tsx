import Link from "next/link";

export type StoreSection = "overview" | "products" | "orders" | "customers" | "categories" | "cms" | "explorer" | "export" | "jobs" | "diagnostics";

const SECTIONS: ReadonlyArray<{ key: StoreSection; label: string; path: string }> = [
  { key: "overview", label: "Overview", path: "" },
  { key: "products", label: "Products", path: "/products" },
  { key: "orders", label: "Orders", path: "/orders" },
  { key: "customers", label: "Customers", path: "/customers" },
  { key: "categories", label: "Categories", path: "/categories" },
  { key: "cms", label: "CMS pages", path: "/cms" },
  { key: "explorer", label: "API explorer", path: "/explorer" },
  { key: "export", label: "Export", path: "/export" },
  { key: "jobs", label: "Jobs", path: "/jobs" },
  { key: "diagnostics", label: "Diagnostics", path: "/diagnostics" },
];

/** Section links of one store; the current one carries aria-current="page". */
export function StoreNav({ storeId, current }: { storeId: string; current: StoreSection }) {
  const base = `/stores/${encodeURIComponent(storeId)}`;
  return (
    <nav aria-label="Store sections" className="subnav">
      {SECTIONS.map((s) => (
        <Link key={s.key} href={`${base}${s.path}`} aria-current={s.key === current ? "page" : undefined} prefetch={false}>
          {s.label}
        </Link>
      ))}
    </nav>
  );
}
