/**
 * The dev store's data: seeded, deterministic, held in memory while the server runs; `reset()` returns to the
 * seed. Routes read and change it through this one object (never through module-level state).
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { DEFAULT_PRODUCT_COUNT, seedCatalogue, seedCategories, seedProducts } from "./seed-catalog";
import { seedCmsBlocks, seedCmsPages } from "./seed-cms";
import { DEMO_CUSTOMER, seedCustomers } from "./seed-customers";
import { seedCountries } from "./seed-directory";
import { seedSales } from "./seed-sales";
import type {
  Category,
  CmsBlock,
  CmsPage,
  CountryInformation,
  CreditMemo,
  Customer,
  Invoice,
  Order,
  Product,
  Shipment,
} from "./types";

export * from "./types";
export { CURRENCY, CURRENCY_SYMBOLS, CUSTOMER_GROUPS, MODULES, PRODUCT_TYPES, STORE_GROUPS, STORE_VIEWS, WEBSITES } from "./store-config";
export { DEMO_CUSTOMER } from "./seed-customers";
export { DEFAULT_PRODUCT_COUNT } from "./seed-catalog";

/** Counters behind `nextId`: one per kind of record the REST routes create. */
export type IdKind = "product" | "stockItem" | "category" | "customer" | "address" | "history" | "cmsPage" | "cmsBlock";

export interface StoreData {
  readonly productsById: Map<number, Product>;
  readonly categories: Map<number, Category>;
  readonly customers: Map<number, Customer>;
  readonly orders: Map<number, Order>;
  readonly invoices: Map<number, Invoice>;
  readonly shipments: Map<number, Shipment>;
  readonly creditMemos: Map<number, CreditMemo>;
  readonly cmsPages: Map<number, CmsPage>;
  readonly cmsBlocks: Map<number, CmsBlock>;
  readonly countries: CountryInformation[];
  /** By SKU, case-insensitively (MySQL's default collation, as ProductRepository::get). */
  product(sku: string): Product | undefined;
  putProduct(product: Product): void;
  deleteProduct(product: Product): void;
  /** Email is unique per website, compared case-insensitively. */
  customerByEmail(email: string, websiteId: number): Customer | undefined;
  setCustomerPassword(customerId: number, password: string): void;
  /** The customer id when email and password match (website 1), else undefined. */
  verifyCustomerPassword(email: string, password: string): number | undefined;
  nextId(kind: IdKind): number;
  /**
   * Bumped by every write (the REST layer calls `touch()` after each non-GET request) and by `reset()`: a search
   * result computed at one revision stays valid until the next (rest/search-cache.ts).
   */
  readonly revision: number;
  touch(): void;
  /** Back to the seed. */
  reset(): void;
}

export interface StoreDataOptions {
  /** Catalogue size (default 2,118, the base seed); any size is deterministic (seed-catalog.ts `seedCatalogue`). */
  products?: number;
}

interface PasswordHash {
  salt: Buffer;
  hash: Buffer;
}

// A dev store keeps demo passwords in memory only; a salted SHA-256 is enough to avoid holding them in clear.
function hashPassword(password: string, salt: Buffer = randomBytes(16)): PasswordHash {
  return { salt, hash: createHash("sha256").update(salt).update(password, "utf8").digest() };
}

const maxOf = (values: Iterable<number>) => {
  let max = 0;
  for (const v of values) if (v > max) max = v;
  return max;
};

class MemoryStoreData implements StoreData {
  readonly productsById = new Map<number, Product>();
  readonly categories = new Map<number, Category>();
  readonly customers = new Map<number, Customer>();
  readonly orders = new Map<number, Order>();
  readonly invoices = new Map<number, Invoice>();
  readonly shipments = new Map<number, Shipment>();
  readonly creditMemos = new Map<number, CreditMemo>();
  readonly cmsPages = new Map<number, CmsPage>();
  readonly cmsBlocks = new Map<number, CmsBlock>();
  readonly countries: CountryInformation[] = seedCountries();
  private readonly bySku = new Map<string, Product>();
  private readonly passwords = new Map<number, PasswordHash>();
  private readonly counters = new Map<IdKind, number>();
  revision = 0;

  constructor(private readonly productCount: number) {
    this.reset();
  }

  touch(): void {
    this.revision++;
  }

  product(sku: string): Product | undefined {
    return this.bySku.get(sku.toLowerCase());
  }

  putProduct(product: Product): void {
    this.productsById.set(product.id, product);
    this.bySku.set(product.sku.toLowerCase(), product);
  }

  deleteProduct(product: Product): void {
    this.productsById.delete(product.id);
    this.bySku.delete(product.sku.toLowerCase());
  }

  customerByEmail(email: string, websiteId: number): Customer | undefined {
    const wanted = email.toLowerCase();
    for (const c of this.customers.values()) if (c.website_id === websiteId && c.email.toLowerCase() === wanted) return c;
    return undefined;
  }

  setCustomerPassword(customerId: number, password: string): void {
    this.passwords.set(customerId, hashPassword(password));
  }

  verifyCustomerPassword(email: string, password: string): number | undefined {
    const customer = this.customerByEmail(email, 1);
    const stored = customer && this.passwords.get(customer.id);
    if (!customer || !stored) return undefined;
    return timingSafeEqual(hashPassword(password, stored.salt).hash, stored.hash) ? customer.id : undefined;
  }

  nextId(kind: IdKind): number {
    const id = (this.counters.get(kind) ?? 0) + 1;
    this.counters.set(kind, id);
    return id;
  }

  reset(): void {
    const base = seedProducts();
    const products = this.productCount === base.length ? base : seedCatalogue(this.productCount, base);
    const customers = seedCustomers();
    // Orders are drawn from the base catalogue at every size, so they do not change with --products.
    const sales = seedSales(base, customers);
    const fill = <T>(map: Map<number, T>, records: T[], key: (r: T) => number) => {
      map.clear();
      for (const r of records) map.set(key(r), r);
    };
    this.productsById.clear();
    this.bySku.clear();
    for (const p of products) this.putProduct(p);
    fill(this.categories, seedCategories(), (c) => c.id);
    fill(this.customers, customers, (c) => c.id);
    fill(this.orders, sales.orders, (o) => o.entity_id);
    fill(this.invoices, sales.invoices, (i) => i.entity_id);
    fill(this.shipments, sales.shipments, (s) => s.entity_id);
    fill(this.creditMemos, sales.creditMemos, (m) => m.entity_id);
    fill(this.cmsPages, seedCmsPages(), (p) => p.id);
    fill(this.cmsBlocks, seedCmsBlocks(), (b) => b.id);
    this.countries.splice(0, this.countries.length, ...seedCountries());

    this.passwords.clear();
    this.setCustomerPassword(1, DEMO_CUSTOMER.password);

    this.counters.clear();
    this.counters.set("product", maxOf(this.productsById.keys()));
    this.counters.set("stockItem", maxOf([...this.productsById.values()].map((p) => p.extension_attributes.stock_item.item_id)));
    this.counters.set("category", maxOf(this.categories.keys()));
    this.counters.set("customer", maxOf(this.customers.keys()));
    this.counters.set("address", maxOf([...this.customers.values()].flatMap((c) => c.addresses.map((a) => a.id))));
    this.counters.set("history", maxOf([...this.orders.values()].flatMap((o) => o.status_histories.map((h) => h.entity_id))));
    this.counters.set("cmsPage", maxOf(this.cmsPages.keys()));
    this.counters.set("cmsBlock", maxOf(this.cmsBlocks.keys()));
    this.touch();
  }
}

export const MAX_PRODUCT_COUNT = 1_000_000;

export function createStoreData(opts: StoreDataOptions = {}): StoreData {
  const count = opts.products ?? DEFAULT_PRODUCT_COUNT;
  if (!Number.isInteger(count) || count < 1 || count > MAX_PRODUCT_COUNT) {
    throw new RangeError(`products must be a whole number from 1 to ${MAX_PRODUCT_COUNT} (got ${String(opts.products)})`);
  }
  return new MemoryStoreData(count);
}
