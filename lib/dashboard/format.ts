/** Display formatting for store values (pure; the store sends numbers and "YYYY-MM-DD hh:mm:ss" UTC strings). */

/** One formatter per currency: building an Intl.NumberFormat costs ~20 µs, formatting with one ~0.3 µs. */
const moneyFormats = new Map<string, Intl.NumberFormat>();
const MONEY_FORMATS_KEPT = 64;

function moneyFormat(currency: string): Intl.NumberFormat {
  let f = moneyFormats.get(currency);
  if (!f) {
    f = new Intl.NumberFormat("en-US", { style: "currency", currency });
    if (moneyFormats.size >= MONEY_FORMATS_KEPT) moneyFormats.clear();
    moneyFormats.set(currency, f);
  }
  return f;
}

export function formatMoney(value: unknown, currency?: string): string {
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : NaN;
  if (!Number.isFinite(n)) return "—";
  if (currency && /^[A-Z]{3}$/.test(currency)) return moneyFormat(currency).format(n);
  return n.toFixed(2);
}

export function formatStoreDate(value: unknown): string {
  if (typeof value !== "string" || !value) return "—";
  // the store's timestamps are UTC without a zone marker
  const d = new Date(/Z|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(" ", "T")}Z`);
  if (Number.isNaN(d.getTime())) return value;
  return d.toISOString().slice(0, 16).replace("T", " ") + " UTC";
}

export function formatDateTime(d: Date | null | undefined): string {
  if (!d) return "never";
  return d.toISOString().slice(0, 19).replace("T", " ") + " UTC";
}

export function text(value: unknown): string {
  if (value === undefined || value === null || value === "") return "—";
  return String(value);
}
