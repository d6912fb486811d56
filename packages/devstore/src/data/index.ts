/**
 * The dev store's data: seeded, deterministic, held in memory while the server runs; `reset()` returns to the
 * seed. Routes read and change it through this one object (never through module-level state).
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { DEFAULT_PRODUCT_COUNT, seedCatalogue, seedCategories, seedProducts } from "./seed-catalog.ts";
import { seedCmsBlocks, seedCmsPages } from "./seed-cms.ts";
import { seedCustomerBalances, seedGiftCardAccounts, seedGiftRegistries, seedGiftWrappings, seedReturns, seedRewardPoints } from "./seed-commerce.ts";
import { seedAddressMetadata, seedCustomerMetadata } from "./seed-customer-metadata.ts";
import { DEMO_CUSTOMER, seedCustomers } from "./seed-customers.ts";
import { seedCountries } from "./seed-directory.ts";
import { seedAttributeGroups, seedAttributeSets, seedCategoryAttributes, seedProductAttributes } from "./seed-eav.ts";
import { emptyRelationIds, linkProducts, type RelationIds } from "./seed-product-relations.ts";
import { seedCoupons, seedSalesRules } from "./seed-promotions.ts";
import { seedQuotes } from "./seed-quotes.ts";
import { seedSales } from "./seed-sales.ts";
import { seedTaxClasses, seedTaxRates, seedTaxRules } from "./seed-tax.ts";
import { seedTransactions } from "./seed-transactions.ts";
import { CUSTOMER_GROUPS } from "./store-config.ts";
import type {
  Category,
  CmsBlock,
  CmsPage,
  CountryInformation,
  CreditMemo,
  Customer,
  CustomerGroup,
  Invoice,
  Order,
  Product,
  Shipment,
  Transaction,
  SourceItemRecord,
} from "./types.ts";
import type { GiftCardAccount, GiftRegistry, GiftWrapping, Rma } from "./types-commerce.ts";
import type { AttributeGroup, AttributeSet, CatalogAttribute, CustomerAttributeMetadata } from "./types-eav.ts";
import type { Coupon, SalesRule } from "./types-promotions.ts";
import type { GiftMessage, Quote } from "./types-quote.ts";
import type { TaxClass, TaxRate, TaxRule } from "./types-tax.ts";

export * from "./types.ts";
export type * from "./types-commerce.ts";
export type * from "./types-eav.ts";
export type * from "./types-promotions.ts";
export type * from "./types-quote.ts";
export type * from "./types-tax.ts";
export type { RelationIds } from "./seed-product-relations.ts";
export { CURRENCY, CURRENCY_SYMBOLS, MODULES, PRODUCT_TYPES, STORE_GROUPS, STORE_VIEWS, WEBSITES } from "./store-config.ts";
export { DEMO_CUSTOMER } from "./seed-customers.ts";
export { DEFAULT_PRODUCT_COUNT } from "./seed-catalog.ts";

/** Counters behind `nextId`: one per kind of record the REST routes create (initialised from the seed's largest id). */
export type IdKind =
  | "product" | "stockItem" | "sourceItem" | "category" | "customer" | "address" | "history" | "cmsPage" | "cmsBlock"
  | "customerGroup" | "attribute" | "attributeSet" | "attributeGroup" | "attributeOption"
  | "quote" | "quoteItem" | "quoteAddress" | "giftMessage"
  | "order" | "orderItem" | "orderAddress" | "invoice" | "shipment" | "creditMemo" | "transaction" | "documentItem" | "documentComment" | "track"
  | "taxClass" | "taxRate" | "taxRule" | "salesRule" | "coupon"
  | "giftCard" | "giftWrapping" | "rma" | "rmaComment" | "rmaTrack";

export interface StoreData {
  readonly productsById: Map<number, Product>;
  readonly categories: Map<number, Category>;
  readonly customers: Map<number, Customer>;
  readonly orders: Map<number, Order>;
  readonly invoices: Map<number, Invoice>;
  readonly shipments: Map<number, Shipment>;
  readonly creditMemos: Map<number, CreditMemo>;
  readonly transactions: Map<number, Transaction>;
  readonly cmsPages: Map<number, CmsPage>;
  readonly cmsBlocks: Map<number, CmsBlock>;
  readonly countries: CountryInformation[];
  readonly customerGroups: Map<number, CustomerGroup>;
  /** customer/create_account/default_group per store id (the admin store 0 and others fall back to 1). */
  readonly defaultCustomerGroup: Map<number, number>;
  readonly productAttributes: Map<string, CatalogAttribute>;
  readonly categoryAttributes: Map<string, CatalogAttribute>;
  readonly attributeSets: Map<number, AttributeSet>;
  readonly attributeGroups: Map<number, AttributeGroup>;
  readonly customerMetadata: readonly CustomerAttributeMetadata[];
  readonly addressMetadata: readonly CustomerAttributeMetadata[];
  /** Ids of the records nested in products (options, links, media entries). */
  readonly relationIds: RelationIds;
  readonly quotes: Map<number, Quote>;
  readonly giftMessages: Map<number, GiftMessage>;
  readonly taxClasses: Map<number, TaxClass>;
  readonly taxRates: Map<number, TaxRate>;
  readonly taxRules: Map<number, TaxRule>;
  readonly salesRules: Map<number, SalesRule>;
  readonly coupons: Map<number, Coupon>;
  readonly giftCardAccounts: Map<number, GiftCardAccount>;
  readonly customerBalances: Map<number, number>;
  readonly rewardPoints: Map<number, number>;
  readonly giftWrappings: Map<number, GiftWrapping>;
  readonly returns: Map<number, Rma>;
  readonly giftRegistries: Map<number, GiftRegistry>;
  /**
   * MSI source items on sources other than `default`, by `sourceItemKey` (the default source's items follow each
   * product's legacy stock item, as Magento keeps the two in step). A product's are deleted with it.
   */
  readonly sourceItems: Map<string, SourceItemRecord>;
  /** Password reset tokens by customer id (AccountManagement::initiatePasswordReset), with their issue time (ms). */
  readonly resetTokens: Map<number, { token: string; issuedAt: number }>;
  /** By SKU, case-insensitively (MySQL's default collation, as ProductRepository::get). */
  product(sku: string): Product | undefined;
  putProduct(product: Product): void;
  deleteProduct(product: Product): void;
  /** Email is unique per website, compared case-insensitively. */
  customerByEmail(email: string, websiteId: number): Customer | undefined;
  setCustomerPassword(customerId: number, password: string): void;
  /** The customer id when email and password match (website 1), else undefined. */
  verifyCustomerPassword(email: string, password: string): number | undefined;
  /** A guest cart by its masked id. */
  quoteByMask(maskedId: string): Quote | undefined;
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

function* flatMapIter<T, U>(items: Iterable<T>, f: (t: T) => Iterable<U>): Iterable<U> {
  for (const item of items) yield* f(item);
}

function salesDocuments(d: MemoryStoreData): (Invoice | Shipment | CreditMemo)[] {
  return [...d.invoices.values(), ...d.shipments.values(), ...d.creditMemos.values()];
}

/** Where each counter starts: the largest id of that kind in the seed. */
const COUNTER_SOURCES: Record<IdKind, (d: MemoryStoreData) => Iterable<number>> = {
  product: (d) => d.productsById.keys(),
  stockItem: (d) => flatMapIter(d.productsById.values(), (p) => [p.extension_attributes.stock_item.item_id]),
  sourceItem: (d) => [
    ...flatMapIter(d.productsById.values(), (p) => [p.extension_attributes.stock_item.item_id]),
    ...flatMapIter(d.sourceItems.values(), (i) => [i.source_item_id]),
  ],
  category: (d) => d.categories.keys(),
  customer: (d) => d.customers.keys(),
  address: (d) => flatMapIter(d.customers.values(), (c) => c.addresses.map((a) => a.id)),
  history: (d) => flatMapIter(d.orders.values(), (o) => o.status_histories.map((h) => h.entity_id)),
  cmsPage: (d) => d.cmsPages.keys(),
  cmsBlock: (d) => d.cmsBlocks.keys(),
  customerGroup: (d) => d.customerGroups.keys(),
  attribute: (d) => flatMapIter([d.productAttributes, d.categoryAttributes], (m) => [...m.values()].map((a) => a.attribute_id)),
  attributeSet: (d) => d.attributeSets.keys(),
  attributeGroup: (d) => d.attributeGroups.keys(),
  attributeOption: (d) => flatMapIter(d.productAttributes.values(), (a) => a.options.map((o) => Number(o.value) || 0)),
  quote: (d) => d.quotes.keys(),
  quoteItem: (d) => flatMapIter(d.quotes.values(), (q) => q.items.map((i) => i.item_id)),
  quoteAddress: (d) => flatMapIter(d.quotes.values(), (q) => [q.billing_address?.id ?? 0, q.shipping_address?.id ?? 0]),
  giftMessage: (d) => d.giftMessages.keys(),
  order: (d) => d.orders.keys(),
  orderItem: (d) => flatMapIter(d.orders.values(), (o) => o.items.map((i) => i.item_id)),
  orderAddress: (d) => flatMapIter(d.orders.values(), (o) => [o.billing_address.entity_id, ...o.extension_attributes.shipping_assignments.map((a) => a.shipping.address.entity_id)]),
  invoice: (d) => d.invoices.keys(),
  shipment: (d) => d.shipments.keys(),
  creditMemo: (d) => d.creditMemos.keys(),
  transaction: (d) => d.transactions.keys(),
  documentItem: (d) => flatMapIter(salesDocuments(d), (doc) => doc.items.map((i) => i.entity_id)),
  documentComment: (d) => flatMapIter(salesDocuments(d), (doc) => (doc.comments as { entity_id?: number }[]).map((c) => c.entity_id ?? 0)),
  track: (d) => flatMapIter(d.shipments.values(), (s) => s.tracks.map((t) => t.entity_id)),
  taxClass: (d) => d.taxClasses.keys(),
  taxRate: (d) => d.taxRates.keys(),
  taxRule: (d) => d.taxRules.keys(),
  salesRule: (d) => d.salesRules.keys(),
  coupon: (d) => d.coupons.keys(),
  giftCard: (d) => d.giftCardAccounts.keys(),
  giftWrapping: (d) => d.giftWrappings.keys(),
  rma: (d) => d.returns.keys(),
  rmaComment: (d) => flatMapIter(d.returns.values(), (r) => r.comments.map((c) => c.comment_id)),
  rmaTrack: (d) => flatMapIter(d.returns.values(), (r) => r.tracks.map((t) => t.entity_id)),
};

function fill<K, T>(map: Map<K, T>, records: Iterable<T>, key: (r: T) => K): void {
  map.clear();
  for (const r of records) map.set(key(r), r);
}

class MemoryStoreData implements StoreData {
  readonly productsById = new Map<number, Product>();
  readonly categories = new Map<number, Category>();
  readonly customers = new Map<number, Customer>();
  readonly orders = new Map<number, Order>();
  readonly invoices = new Map<number, Invoice>();
  readonly shipments = new Map<number, Shipment>();
  readonly creditMemos = new Map<number, CreditMemo>();
  readonly transactions = new Map<number, Transaction>();
  readonly cmsPages = new Map<number, CmsPage>();
  readonly cmsBlocks = new Map<number, CmsBlock>();
  readonly countries: CountryInformation[] = seedCountries();
  readonly customerGroups = new Map<number, CustomerGroup>();
  readonly defaultCustomerGroup = new Map<number, number>();
  readonly productAttributes = new Map<string, CatalogAttribute>();
  readonly categoryAttributes = new Map<string, CatalogAttribute>();
  readonly attributeSets = new Map<number, AttributeSet>();
  readonly attributeGroups = new Map<number, AttributeGroup>();
  readonly customerMetadata = seedCustomerMetadata();
  readonly addressMetadata = seedAddressMetadata();
  readonly relationIds: RelationIds = emptyRelationIds();
  readonly quotes = new Map<number, Quote>();
  readonly giftMessages = new Map<number, GiftMessage>();
  readonly taxClasses = new Map<number, TaxClass>();
  readonly taxRates = new Map<number, TaxRate>();
  readonly taxRules = new Map<number, TaxRule>();
  readonly salesRules = new Map<number, SalesRule>();
  readonly coupons = new Map<number, Coupon>();
  readonly giftCardAccounts = new Map<number, GiftCardAccount>();
  readonly customerBalances = new Map<number, number>();
  readonly rewardPoints = new Map<number, number>();
  readonly giftWrappings = new Map<number, GiftWrapping>();
  readonly returns = new Map<number, Rma>();
  readonly giftRegistries = new Map<number, GiftRegistry>();
  readonly resetTokens = new Map<number, { token: string; issuedAt: number }>();
  readonly sourceItems = new Map<string, SourceItemRecord>();
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
    for (const [key, item] of this.sourceItems)
      if (item.sku.toLowerCase() === product.sku.toLowerCase()) this.sourceItems.delete(key);
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

  quoteByMask(maskedId: string): Quote | undefined {
    for (const q of this.quotes.values()) if (q.masked_id !== undefined && q.masked_id === maskedId) return q;
    return undefined;
  }

  nextId(kind: IdKind): number {
    const id = (this.counters.get(kind) ?? maxOf(COUNTER_SOURCES[kind](this))) + 1;
    this.counters.set(kind, id);
    return id;
  }

  reset(): void {
    const base = seedProducts();
    const products = this.productCount === base.length ? base : seedCatalogue(this.productCount, base);
    Object.assign(this.relationIds, emptyRelationIds());
    linkProducts(products, this.relationIds);
    const customers = seedCustomers();
    // Orders are drawn from the base catalogue at every size, so they do not change with --products.
    const sales = seedSales(base, customers);
    this.productsById.clear();
    this.bySku.clear();
    for (const p of products) this.putProduct(p);
    fill(this.categories, seedCategories(), (c) => c.id);
    fill(this.customers, customers, (c) => c.id);
    fill(this.orders, sales.orders, (o) => o.entity_id);
    fill(this.invoices, sales.invoices, (i) => i.entity_id);
    fill(this.shipments, sales.shipments, (s) => s.entity_id);
    fill(this.creditMemos, sales.creditMemos, (m) => m.entity_id);
    fill(this.transactions, seedTransactions(sales.orders, sales.invoices, sales.creditMemos), (t) => t.transaction_id);
    fill(this.cmsPages, seedCmsPages(), (p) => p.id);
    fill(this.cmsBlocks, seedCmsBlocks(), (b) => b.id);
    this.countries.splice(0, this.countries.length, ...seedCountries());
    fill(this.customerGroups, CUSTOMER_GROUPS.map((g) => ({ ...g })), (g) => g.id);
    this.defaultCustomerGroup.clear();
    fill(this.productAttributes, seedProductAttributes(), (a) => a.attribute_code);
    fill(this.categoryAttributes, seedCategoryAttributes(), (a) => a.attribute_code);
    fill(this.attributeSets, seedAttributeSets(), (s) => s.attribute_set_id);
    fill(this.attributeGroups, seedAttributeGroups(), (g) => g.attribute_group_id);
    fill(this.quotes, seedQuotes(base, customers), (q) => q.id);
    this.giftMessages.clear();
    fill(this.taxClasses, seedTaxClasses(), (c) => c.class_id);
    fill(this.taxRates, seedTaxRates(), (r) => r.id);
    fill(this.taxRules, seedTaxRules(), (r) => r.id);
    fill(this.salesRules, seedSalesRules(), (r) => r.rule_id);
    fill(this.coupons, seedCoupons(), (c) => c.coupon_id);
    fill(this.giftCardAccounts, seedGiftCardAccounts(), (g) => g.id);
    this.customerBalances.clear();
    for (const [k, v] of seedCustomerBalances(customers)) this.customerBalances.set(k, v);
    this.rewardPoints.clear();
    for (const [k, v] of seedRewardPoints(customers)) this.rewardPoints.set(k, v);
    fill(this.giftWrappings, seedGiftWrappings(), (w) => w.wrapping_id);
    fill(this.returns, seedReturns(sales.orders), (r) => r.entity_id);
    fill(this.giftRegistries, seedGiftRegistries(customers), (r) => r.entity_id);

    this.passwords.clear();
    this.resetTokens.clear();
    this.sourceItems.clear();
    this.setCustomerPassword(1, DEMO_CUSTOMER.password);
    this.counters.clear();
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
