/**
 * Catalogue seed: a Luma-like category tree (Magento's sample-data ids for the top of it) and about 2,100
 * products: gear, configurable apparel with their size/colour children, virtual, downloadable, bundle and
 * grouped products (any other size on request, `seedCatalogue`), and a few SKUs that stress clients (`ABC/10`, `A/B/C`, `24-MB 01`, `WS 08/XS/Red`, `TEE+PLUS`, `Café-Mug`).
 */
import { datetime, Prng, round2 } from "./prng.ts";
import type { Category, CustomAttribute, Product } from "./types.ts";

const CATALOG_START = Date.UTC(2024, 0, 2, 9, 0, 0);
const CATALOG_SPAN_MS = 178 * 24 * 3600 * 1000; // products were created January–June 2024

type CategorySeed = [id: number, parentId: number, name: string, active?: boolean];

const CATEGORY_TREE: readonly CategorySeed[] = [
  [1, 0, "Root Catalog"],
  [2, 1, "Default Category"],
  [3, 2, "Gear"], [4, 3, "Bags"], [5, 3, "Fitness Equipment"], [6, 3, "Watches"],
  [7, 2, "Men"], [8, 7, "Tops"], [9, 8, "Jackets"], [10, 8, "Hoodies & Sweatshirts"], [11, 8, "Tees"],
  [12, 7, "Bottoms"], [13, 12, "Pants"], [14, 12, "Shorts"],
  [15, 2, "Women"], [16, 15, "Tops"], [17, 16, "Jackets"], [18, 16, "Hoodies & Sweatshirts"], [19, 16, "Tees"], [20, 16, "Bras & Tanks"],
  [21, 15, "Bottoms"], [22, 21, "Pants"], [23, 21, "Shorts"],
  [24, 2, "Collections"], [25, 24, "New Luma Yoga Collection"], [26, 24, "Eco Friendly"], [27, 24, "Performance Fabrics"], [28, 24, "Erin Recommends"],
  [29, 2, "Training"], [30, 29, "Video Download"],
  [31, 2, "Sale"], [32, 2, "What's New"], [33, 2, "Promotions", false], [34, 33, "Gift Cards", false],
];

export function seedCategories(): Category[] {
  const byId = new Map<number, Category>();
  const positions = new Map<number, number>();
  for (const [id, parentId, name, active = true] of CATEGORY_TREE) {
    const parent = byId.get(parentId);
    const position = (positions.get(parentId) ?? 0) + 1;
    positions.set(parentId, position);
    const created = datetime(Date.UTC(2023, 11, 1, 8, 0, 0) + id * 60_000);
    byId.set(id, {
      id,
      parent_id: parentId,
      name,
      is_active: active,
      position,
      level: parent ? parent.level + 1 : 0,
      path: parent ? `${parent.path}/${id}` : String(id),
      created_at: created,
      updated_at: created,
      include_in_menu: id > 2,
      available_sort_by: [],
      custom_attributes: [
        { attribute_code: "url_key", value: name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") },
        { attribute_code: "display_mode", value: "PRODUCTS" },
        { attribute_code: "is_anchor", value: "1" },
      ],
    });
  }
  return [...byId.values()];
}

// Luma's option ids for the colour, size and activity attributes.
export const COLORS: readonly [string, string][] = [["49", "Black"], ["50", "Blue"], ["52", "Gray"], ["53", "Green"], ["56", "Orange"], ["57", "Purple"], ["58", "Red"], ["59", "White"], ["60", "Yellow"]];
export const TOP_SIZES: readonly [string, string][] = [["167", "XS"], ["168", "S"], ["169", "M"], ["170", "L"], ["171", "XL"]];
export const BOTTOM_SIZES: readonly [string, string][] = [["172", "28"], ["173", "29"], ["174", "30"], ["175", "31"], ["176", "32"]];
export const ACTIVITIES = ["5", "8", "9", "11", "14", "16", "17"];

const STYLE_NAMES = [
  "Proteus", "Montana", "Jupiter", "Beaumont", "Hyperion", "Orion", "Kenobi", "Lando", "Typhon", "Mars", "Helios", "Ajax",
  "Juno", "Nadia", "Olivia", "Josie", "Augusta", "Ingrid", "Riona", "Inez", "Selene", "Phoebe", "Marco", "Cassius",
  "Zeppelin", "Deion", "Tristan", "Caesar", "Argus", "Atlas", "Zoltan", "Sparta", "Echo", "Gwyn", "Daria", "Artemis",
];
const STYLE_ADJECTIVES = ["Fitness", "Wind", "All-Weather", "Running", "Training", "Lightweight", "Performance", "Yoga", "Trail", "Relaxed", "Compete", "Breathe-Easy"];

interface ApparelLine {
  prefix: string;
  categoryId: number;
  noun: string;
  count: number;
  sizes: readonly [string, string][];
  price: [number, number];
  weight: number;
}

const APPAREL: readonly ApparelLine[] = [
  { prefix: "MJ", categoryId: 9, noun: "Jacket", count: 12, sizes: TOP_SIZES, price: [45, 99], weight: 1 },
  { prefix: "MH", categoryId: 10, noun: "Hoodie", count: 12, sizes: TOP_SIZES, price: [42, 79], weight: 1 },
  { prefix: "MS", categoryId: 11, noun: "Tee", count: 12, sizes: TOP_SIZES, price: [18, 39], weight: 1 },
  { prefix: "MP", categoryId: 13, noun: "Pant", count: 10, sizes: BOTTOM_SIZES, price: [35, 80], weight: 1.2 },
  { prefix: "MSH", categoryId: 14, noun: "Short", count: 10, sizes: BOTTOM_SIZES, price: [24, 50], weight: 1 },
  { prefix: "WJ", categoryId: 17, noun: "Jacket", count: 12, sizes: TOP_SIZES, price: [45, 99], weight: 1 },
  { prefix: "WH", categoryId: 18, noun: "Hoodie", count: 12, sizes: TOP_SIZES, price: [42, 79], weight: 1 },
  { prefix: "WS", categoryId: 19, noun: "Tee", count: 12, sizes: TOP_SIZES, price: [18, 39], weight: 1 },
  { prefix: "WB", categoryId: 20, noun: "Bra Top", count: 12, sizes: TOP_SIZES, price: [20, 40], weight: 1 },
  { prefix: "WP", categoryId: 22, noun: "Pant", count: 12, sizes: BOTTOM_SIZES, price: [35, 80], weight: 1.2 },
  { prefix: "WSH", categoryId: 23, noun: "Short", count: 10, sizes: BOTTOM_SIZES, price: [24, 50], weight: 1 },
];

type GearSeed = [sku: string, name: string, categoryId: number, price: number, type?: string];

const GEAR: readonly GearSeed[] = [
  ["24-MB01", "Joust Duffle Bag", 4, 34], ["24-MB04", "Strive Shoulder Pack", 4, 54], ["24-MB03", "Crown Summit Backpack", 4, 68],
  ["24-MB05", "Wayfarer Messenger Bag", 4, 75], ["24-MB06", "Rival Field Messenger", 4, 88], ["24-MB02", "Fusion Backpack", 4, 59],
  ["24-UB02", "Impulse Duffle", 4, 124], ["24-WB01", "Voyage Yoga Bag", 4, 52], ["24-WB02", "Compete Track Tote", 4, 82],
  ["24-WB05", "Savvy Shoulder Tote", 4, 99], ["24-WB06", "Endeavor Daytrip Backpack", 4, 133], ["24-WB03", "Driven Backpack", 4, 96],
  ["24-WB04", "Overnight Duffle", 4, 145], ["24-WB07", "Push It Messenger Bag", 4, 61], ["24-MB 01", "Joust Duffle Bag (travel size)", 4, 39],
  ["24-UG06", "Affirm Water Bottle", 5, 7], ["24-UG07", "Dual Handle Cardio Ball", 5, 12], ["24-UG04", "Zing Jump Rope", 5, 12],
  ["24-UG02", "Pursuit Lumaflex Tone Band", 5, 16], ["24-UG03", "Harmony Lumaflex Strength Band Kit", 5, 22], ["24-UG01", "Quest Lumaflex Band", 5, 19],
  ["24-UG05", "Go-Get'r Pushup Grips", 5, 19], ["24-WG084", "Sprite Foam Yoga Brick", 5, 5], ["24-WG088", "Sprite Foam Roller", 5, 19],
  ["24-WG081-gray", "Sprite Stasis Ball 55 cm", 5, 23], ["24-WG082-blue", "Sprite Stasis Ball 65 cm", 5, 27], ["24-FT01", "Titan Folding Treadmill", 5, 899],
  ["24-FT02", "Aurora Rowing Machine", 5, 649], ["24-MG04", "Aim Analog Watch", 6, 45], ["24-MG01", "Endurance Watch", 6, 49],
  ["24-MG03", "Summit Watch", 6, 54], ["24-MG05", "Cruise Dual Analog Watch", 6, 55], ["24-MG02", "Dash Digital Watch", 6, 92],
  ["24-WG09", "Luma Analog Watch", 6, 43], ["24-WG01", "Bolo Sport Watch", 6, 49], ["24-WG03", "Clamber Watch", 6, 54],
  ["24-WG02", "Didi Sport Watch", 6, 92], ["24-CW01", "Chronos Titanium Chronograph", 6, 229], ["24-CW02", "Meridian Sapphire Automatic", 6, 349],
  ["24-CW03", "Apex Dive Watch", 6, 275], ["ABC/10", "Slash-SKU Canvas Tote", 4, 29], ["A/B/C", "Alphabet Gym Towel", 5, 14],
  ["TEE+PLUS", "Plus Sign Training Tee", 11, 21], ["WS 08/XS/Red", "Legacy Import Tee (space and slash SKU)", 19, 29], ["Café-Mug", "Café Enamel Mug", 5, 16],
  ["240-LV04", "Beginner's Yoga", 30, 6, "downloadable"], ["240-LV05", "LifeLong Fitness IV", 30, 14, "downloadable"],
  ["240-LV06", "Yoga Adventure", 30, 22, "downloadable"], ["240-LV07", "Solo Power Circuit", 30, 14, "downloadable"],
  ["240-LV08", "Advanced Pilates & Yoga (Strength)", 30, 18, "downloadable"], ["240-LV09", "Luma Yoga For Life", 30, 33, "downloadable"],
  ["GC-50", "Luma Gift Card $50", 34, 50, "virtual"], ["GC-100", "Luma Gift Card $100", 34, 100, "virtual"],
  ["SV-COACH", "Personal Coaching Session", 29, 120, "virtual"], ["SV-PLAN", "Custom Training Plan", 29, 45, "virtual"],
  ["24-WG080", "Sprite Yoga Companion Kit", 5, 61, "bundle"], ["24-WG085_Group", "Set of Sprite Yoga Straps", 5, 14, "grouped"],
];

/** Builds products; ids are sequential from 1 in the order they are made. */
class ProductFactory {
  readonly products: Product[] = [];

  constructor(readonly rng: Prng) {}

  make(spec: {
    sku: string;
    name: string;
    price: number;
    type: string;
    categoryIds: number[];
    visibility?: number;
    weight?: number;
    qty: number;
    attributes?: CustomAttribute[];
  }): Product {
    const id = this.products.length + 1;
    const { rng } = this;
    const createdMs = CATALOG_START + Math.floor(rng.next() * CATALOG_SPAN_MS);
    const updatedMs = rng.chance(0.3) ? createdMs + rng.int(1, 90) * 86_400_000 : createdMs;
    const categoryIds = spec.categoryIds.map(String);
    const physical = spec.type === "simple" || spec.type === "configurable" || spec.type === "bundle" || spec.type === "grouped";
    const composite = spec.type === "configurable" || spec.type === "bundle" || spec.type === "grouped";
    const urlKey = `${spec.name}-${spec.sku}`.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
    const custom: CustomAttribute[] = [
      { attribute_code: "description", value: `<p>${spec.name}: comfortable, durable and ready for your next workout.</p>` },
      { attribute_code: "url_key", value: urlKey },
      { attribute_code: "tax_class_id", value: physical || spec.type === "virtual" ? "2" : "0" },
      { attribute_code: "required_options", value: composite ? "1" : "0" },
      { attribute_code: "has_options", value: composite ? "1" : "0" },
      { attribute_code: "category_ids", value: categoryIds },
      ...(spec.attributes ?? []),
    ];
    if (rng.chance(0.12)) custom.push({ attribute_code: "special_price", value: round2(spec.price * 0.8).toFixed(4) });
    if (rng.chance(0.35)) custom.push({ attribute_code: "activity", value: rng.some(ACTIVITIES, rng.int(1, 3)).join(",") });
    const qty = spec.qty;
    const product: Product = {
      id,
      sku: spec.sku,
      name: spec.name,
      attribute_set_id: spec.type === "simple" || spec.type === "configurable" ? 9 : 4,
      price: spec.price,
      status: rng.chance(0.03) ? 2 : 1,
      visibility: spec.visibility ?? 4,
      type_id: spec.type,
      created_at: datetime(createdMs),
      updated_at: datetime(updatedMs),
      extension_attributes: {
        website_ids: [1],
        category_links: categoryIds.map((category_id, i) => ({ position: i, category_id })),
        stock_item: {
          item_id: id,
          product_id: id,
          stock_id: 1,
          qty,
          is_in_stock: composite ? true : qty > 0,
          is_qty_decimal: false,
          manage_stock: spec.type !== "virtual" && spec.type !== "downloadable",
          min_qty: 0,
          min_sale_qty: 1,
          max_sale_qty: 10000,
          backorders: 0,
          notify_stock_qty: 1,
          low_stock_date: qty < 1 && !composite ? datetime(updatedMs) : null,
        },
      },
      product_links: [],
      options: [],
      media_gallery_entries: [],
      tier_prices: [],
      custom_attributes: custom,
    };
    if (spec.weight !== undefined) product.weight = spec.weight;
    this.products.push(product);
    return product;
  }
}

function stockQty(rng: Prng): number {
  if (rng.chance(0.06)) return 0;
  if (rng.chance(0.08)) return rng.int(1, 4);
  return rng.int(5, 180);
}

/** One configurable style (`MJ01`) and its size × colour children; stops once the catalogue holds `limit` products. */
function makeApparelFamily(f: ProductFactory, line: ApparelLine, n: number, style: string, limit: number): void {
  const { rng } = f;
  const adjective = rng.pick(STYLE_ADJECTIVES);
  const sku = `${line.prefix}${String(n).padStart(2, "0")}`;
  const name = `${style} ${adjective} ${line.noun}`;
  const price = rng.int(line.price[0], line.price[1]);
  const collections = rng.some([25, 26, 27, 28, 31, 32], rng.int(0, 2));
  const colors = rng.some(COLORS, 3);
  if (f.products.length >= limit) return;
  f.make({ sku, name, price, type: "configurable", categoryIds: [line.categoryId, ...collections], qty: 0 });
  for (const [sizeId, sizeName] of line.sizes) {
    for (const [colorId, colorName] of colors) {
      if (f.products.length >= limit) return;
      f.make({
        sku: `${sku}-${sizeName}-${colorName}`,
        name: `${name}-${sizeName}-${colorName}`,
        price,
        type: "simple",
        categoryIds: [],
        visibility: 1,
        weight: line.weight,
        qty: stockQty(rng),
        attributes: [
          { attribute_code: "color", value: colorId },
          { attribute_code: "size", value: sizeId },
        ],
      });
    }
  }
}

/** The default catalogue's size (what `seedProducts()` makes without a count). */
export const DEFAULT_PRODUCT_COUNT = 2118;

/**
 * The catalogue with exactly `count` products (default: the 2,118 of the base seed). A smaller count keeps the
 * first products of the base seed; a larger one appends more apparel styles (`MJ13`, `MJ14`, … with their
 * children) from a second fixed PRNG, so the base seed is the same at every size and every size is deterministic.
 */
export function seedCatalogue(count: number = DEFAULT_PRODUCT_COUNT, base: readonly Product[] = seedProducts()): Product[] {
  if (count <= base.length) return base.slice(0, count);
  const f = new ProductFactory(new Prng(20250101));
  f.products.push(...base);
  const next = new Map(APPAREL.map((line) => [line, line.count + 1]));
  let styleIndex = 0;
  while (f.products.length < count) {
    for (const line of APPAREL) {
      const n = next.get(line) ?? 1;
      next.set(line, n + 1);
      makeApparelFamily(f, line, n, STYLE_NAMES[styleIndex++ % STYLE_NAMES.length]!, count);
    }
  }
  return f.products;
}

export function seedProducts(): Product[] {
  const rng = new Prng(20241122);
  const f = new ProductFactory(rng);

  for (const [sku, name, categoryId, price, type = "simple"] of GEAR) {
    const weightless = type === "virtual" || type === "downloadable";
    const extra = categoryId === 4 || categoryId === 6 ? [32, categoryId === 4 ? 28 : 26] : [];
    const parent = f.make({
      sku,
      name,
      price,
      type,
      categoryIds: [categoryId, ...(rng.chance(0.4) ? extra.slice(0, 1) : [])],
      weight: weightless || type === "grouped" ? undefined : type === "bundle" ? 2 : rng.chance(0.3) ? 1 : round2(0.2 + rng.next() * 3),
      qty: weightless ? 0 : stockQty(rng),
    });
    // Bags come in three colours, sold as their own simple products (what a like '%bag%' search finds).
    if (categoryId === 4 && type === "simple" && !sku.includes("/")) {
      for (const [colorId, colorName] of rng.some(COLORS, 3)) {
        f.make({
          sku: `${sku}-${colorName}`,
          name: `${name} - ${colorName}`,
          price: round2(parent.price + rng.int(0, 3) * 10 + 0.99),
          type: "simple",
          categoryIds: [4],
          visibility: 1,
          weight: parent.weight,
          qty: stockQty(rng),
          attributes: [{ attribute_code: "color", value: colorId }],
        });
      }
    }
  }

  let styleIndex = 0;
  for (const line of APPAREL) {
    for (let n = 1; n <= line.count; n++) makeApparelFamily(f, line, n, STYLE_NAMES[styleIndex++ % STYLE_NAMES.length]!, Infinity);
  }
  return f.products;
}
