/** Currencies and countries (magento/magento2 app/code/Magento/Directory/etc/webapi.xml, anonymous). */
import { CURRENCY, CURRENCY_SYMBOLS } from "../../data/index.ts";
import { countryNotAvailable } from "../errors.ts";
import type { RouteDef } from "../route.ts";

export const directoryRoutes: RouteDef[] = [
  {
    method: "GET",
    path: "/V1/directory/currency",
    service: "directoryCurrencyInformationAcquirerV1",
    operation: "getCurrencyInfo",
    aclResource: "anonymous",
    summary: "Currency information for the store",
    returns: "CurrencyInformation",
    handler: (ctx) => {
      const display = ctx.store.display_currency;
      return {
        base_currency_code: CURRENCY.base_currency_code,
        base_currency_symbol: CURRENCY.base_currency_symbol,
        default_display_currency_code: display,
        default_display_currency_symbol: CURRENCY_SYMBOLS[display] ?? display,
        available_currency_codes: CURRENCY.available_currency_codes,
        exchange_rates: CURRENCY.exchange_rates,
      };
    },
  },
  {
    method: "GET",
    path: "/V1/directory/countries",
    service: "directoryCountryInformationAcquirerV1",
    operation: "getCountriesInfo",
    aclResource: "anonymous",
    summary: "All countries and regions information for the store",
    returns: "CountryInformation[]",
    handler: (ctx) => ctx.data.countries,
  },
  {
    method: "GET",
    path: "/V1/directory/countries/:countryId",
    service: "directoryCountryInformationAcquirerV1",
    operation: "getCountryInfo",
    aclResource: "anonymous",
    summary: "Country and region information for the store",
    returns: "CountryInformation",
    handler: (ctx) => {
      const id = (ctx.params.countryId ?? "").toUpperCase();
      const c = ctx.data.countries.find((x) => x.id === id);
      if (!c) throw countryNotAvailable();
      return c;
    },
  },
];
