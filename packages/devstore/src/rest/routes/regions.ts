import type { Region } from "../../data/index.ts";
import { seedCountries } from "../../data/seed-directory.ts";

const US = new Map<number, Region>();
for (const r of seedCountries().find((c) => c.id === "US")?.available_regions ?? []) {
  US.set(Number(r.id), { region_id: Number(r.id), region_code: r.code, region: r.name });
}

/** A US region by Magento's directory region id. */
export function usRegionById(id: number): Region | undefined {
  return US.get(id);
}
