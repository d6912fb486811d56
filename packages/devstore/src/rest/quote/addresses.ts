/**
 * Cart addresses from request bodies (AddressInterface): a region given by id is completed from the directory; a
 * `customer_address_id` copies the customer's saved address (it must be theirs, as QuoteAddressValidator checks).
 */
import type { Quote, QuoteAddress, StoreData } from "../../data/index.ts";
import { usRegionById } from "../routes/regions.ts";
import { noSuchEntityField } from "../errors.ts";
import { optional, toInt, toStr } from "../routes/input.ts";
import { emptyAddress } from "./render.ts";

export function parseCartAddress(data: StoreData, q: Quote, raw: Record<string, unknown>, id: number): QuoteAddress {
  const a = emptyAddress(id);
  const savedId = optional(raw, "customer_address_id", toInt);
  if (savedId) {
    const customer = q.customer_id === undefined ? undefined : data.customers.get(q.customer_id);
    const saved = customer?.addresses.find((x) => x.id === savedId);
    if (!saved) throw noSuchEntityField("addressId", savedId);
    Object.assign(a, {
      region: saved.region.region,
      region_id: saved.region_id || null,
      region_code: saved.region.region_code,
      country_id: saved.country_id,
      street: [...saved.street],
      telephone: saved.telephone,
      postcode: saved.postcode,
      city: saved.city,
      firstname: saved.firstname,
      lastname: saved.lastname,
      email: customer?.email ?? null,
      customer_address_id: saved.id,
    });
  }
  const str = (k: string) => optional(raw, k, toStr);
  for (const key of [
    "country_id",
    "telephone",
    "postcode",
    "city",
    "firstname",
    "lastname",
    "email",
    "region_code",
  ] as const) {
    const v = str(key);
    if (v !== undefined) a[key] = v;
  }
  const company = str("company");
  if (company !== undefined) a.company = company;
  if (Array.isArray(raw.street)) a.street = raw.street.map(toStr);
  else if (raw.street !== undefined && raw.street !== null) a.street = [toStr(raw.street)];
  const regionId = optional(raw, "region_id", toInt);
  if (regionId !== undefined) {
    a.region_id = regionId || null;
    const known = regionId ? usRegionById(regionId) : undefined;
    if (known) {
      a.region = known.region;
      a.region_code = known.region_code;
    }
  }
  const region = raw.region;
  if (typeof region === "string") a.region = region;
  else if (region && typeof region === "object") {
    const r = region as Record<string, unknown>;
    if (r.region !== undefined) a.region = toStr(r.region);
    if (r.region_code !== undefined) a.region_code = toStr(r.region_code);
    if (r.region_id !== undefined && a.region_id === null) a.region_id = toInt(r.region_id) || null;
  }
  a.same_as_billing = optional(raw, "same_as_billing", toInt) ?? 0;
  a.save_in_address_book = optional(raw, "save_in_address_book", toInt) ?? 0;
  if (a.email === null && q.customer_email) a.email = q.customer_email;
  return a;
}

/** Magento's address validation before an order (AddressInterface required fields), as `"%fieldName" is required.` lines. */
export function missingAddressFields(a: QuoteAddress | undefined): string[] {
  if (!a) return ["firstname", "lastname", "street", "city", "telephone", "postcode", "country_id"];
  const missing: string[] = [];
  for (const f of ["firstname", "lastname", "city", "telephone", "postcode", "country_id"] as const)
    if (!a[f]) missing.push(f);
  if (!a.street.some((s) => s.trim() !== "")) missing.splice(2, 0, "street");
  return missing;
}
