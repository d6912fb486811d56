/** Store identity for the overview: /V1/store/storeConfigs joined with /V1/store/websites (and storeViews). */
import { z } from "zod";

const configSchema = z.object({
  id: z.coerce.number(),
  code: z.string(),
  website_id: z.coerce.number().optional(),
  locale: z.string().optional(),
  base_currency_code: z.string().optional(),
  default_display_currency_code: z.string().optional(),
  timezone: z.string().optional(),
  base_url: z.string().optional(),
  secure_base_url: z.string().optional(),
});
const websiteSchema = z.object({ id: z.coerce.number(), code: z.string(), name: z.string().optional() });
const viewSchema = z.object({
  id: z.coerce.number(),
  code: z.string(),
  name: z.string().optional(),
  website_id: z.coerce.number().optional(),
  is_active: z.union([z.boolean(), z.number()]).optional(),
});

export type StoreConfig = z.infer<typeof configSchema>;
export type Website = z.infer<typeof websiteSchema>;

export interface StoreViewInfo {
  id: number;
  code: string;
  name: string | undefined;
  websiteName: string | undefined;
  websiteCode: string | undefined;
  locale: string | undefined;
  currency: string | undefined;
  timezone: string | undefined;
  baseUrl: string | undefined;
}

export const STORE_CONFIG_FIELDS =
  "id,code,website_id,locale,base_currency_code,default_display_currency_code,timezone,base_url,secure_base_url";
export const WEBSITE_FIELDS = "id,code,name";
export const STORE_VIEW_FIELDS = "id,code,name,website_id,is_active";

/** Joins configs with websites and (optional) views; the admin scope (id 0) is left out. */
export function joinStoreInfo(configsData: unknown, websitesData: unknown, viewsData?: unknown): StoreViewInfo[] {
  const configs = z.array(configSchema).parse(configsData);
  const websites = new Map(
    z
      .array(websiteSchema)
      .parse(websitesData)
      .map((w) => [w.id, w]),
  );
  const views = new Map((viewsData === undefined ? [] : z.array(viewSchema).parse(viewsData)).map((v) => [v.id, v]));
  return configs
    .filter((c) => c.id !== 0)
    .map((c) => {
      const w = c.website_id === undefined ? undefined : websites.get(c.website_id);
      return {
        id: c.id,
        code: c.code,
        name: views.get(c.id)?.name,
        websiteName: w?.name,
        websiteCode: w?.code,
        locale: c.locale,
        currency: c.default_display_currency_code ?? c.base_currency_code,
        timezone: c.timezone,
        baseUrl: c.secure_base_url ?? c.base_url,
      };
    });
}
